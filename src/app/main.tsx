// Entry of the PWA: styles, i18n, the React root once the language's texts are in, then the service worker (production
// builds only).
import './zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/i18n';
import { App } from './app';
import { startServiceWorker } from './components/shell/update-prompt';

void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

startServiceWorker();

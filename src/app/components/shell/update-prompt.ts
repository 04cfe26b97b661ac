/// <reference types="vite-plugin-pwa/vanillajs" />
// Service worker registration and the update prompt (DESIGN §6): a new version waits until the user accepts "Reload".
// Screens with unsaved work register a reload blocker, so the reload never happens while a form has unsaved changes.
import { registerSW } from 'virtual:pwa-register';
import { i18n } from '@/app/i18n/i18n';
import { notify } from '@/app/components/feedback/notifications';

const blockers = new Set<() => boolean>();

/** Registers a check that says whether the page may reload now (false while a form has unsaved changes). */
export function registerReloadBlocker(mayReload: () => boolean): () => void {
  blockers.add(mayReload);
  return () => {
    blockers.delete(mayReload);
  };
}

/** True when no registered blocker objects to a reload. */
export const canReloadNow = (): boolean => [...blockers].every((b) => b());

const HOUR = 60 * 60 * 1000;

export function startServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // One prompt at a time: a version already waiting when the page loads may be reported twice (below).
  let prompting = false;
  let registered: ServiceWorkerRegistration | undefined;
  const promptUpdate = () => {
    if (prompting) return;
    prompting = true;
    notify({
      color: 'blue',
      title: i18n.t('shell.updateTitle'),
      message: i18n.t('shell.updateAvailable'),
      autoClose: false,
      action: {
        label: i18n.t('shell.updateReload'),
        onClick: () => {
          if (!canReloadNow()) {
            notify({ color: 'yellow', message: i18n.t('shell.updateBlocked'), autoClose: 8000 });
            // Ask again later; the new version keeps waiting meanwhile.
            setTimeout(() => {
              prompting = false;
              promptUpdate();
            }, 60_000);
            return;
          }
          // Tells the waiting worker to take over; the page reloads once it controls it. Done here rather than through
          // workbox, which reloads only for a worker it saw arrive (not always one already waiting at load).
          const waiting = registered?.waiting;
          if (!waiting) return void updateSW(true);
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          waiting.postMessage({ type: 'SKIP_WAITING' });
        },
      },
    });
  };
  const updateSW = registerSW({
    onNeedRefresh: promptUpdate,
    onRegisteredSW(_url, registration) {
      registered = registration;
      // A version that was already waiting when this page loaded: workbox reports it too, but not always (a race seen
      // in the browser tests), and without the prompt the user would not hear of it until the next version.
      if (registration?.waiting) promptUpdate();
      // Long-lived tabs (tablets) look for a new version every hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), HOUR);
    },
  });
}

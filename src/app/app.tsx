// The root component: Mantine, the notifications and the router. Only what the login screen needs is here; react-query,
// the modals manager and the layout come with the signed-in part (signed-in.tsx), date pickers with the screens that
// use them (components/dates).
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router-dom';
import { Notifications } from './components/feedback/notifications';
import { router } from './router';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

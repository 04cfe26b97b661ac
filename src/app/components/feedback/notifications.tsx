// App-wide notifications on @mantine/notifications. showError/showSuccess (feedback.ts) are what screens use;
// notify() is the general form (the update prompt adds an action button). They show at the top right, below the top bar,
// so they never cover the user and language menus.
import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications, Notifications as MantineNotifications } from '@mantine/notifications';
import { i18n } from '@/app/i18n/i18n';
import './notifications.css';

export interface Toast {
  color: 'red' | 'green' | 'blue' | 'yellow';
  title?: ReactNode;
  message: ReactNode;
  /** Milliseconds until it closes; false keeps it until the user closes it. */
  autoClose?: number | false;
  action?: { label: ReactNode; onClick: () => void };
}

/** Shows a notification; returns its id. */
export function notify(t: Toast): string {
  const id = `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  notifications.show({
    id,
    color: t.color,
    title: t.title,
    autoClose: t.autoClose ?? 5000,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    'data-testid': 'notification',
    message: t.action ? (
      <>
        {t.message}
        <Group justify="flex-end" mt="xs">
          <Button
            size="xs"
            onClick={() => {
              notifications.hide(id);
              t.action?.onClick();
            }}
          >
            {t.action.label}
          </Button>
        </Group>
      </>
    ) : (
      t.message
    ),
  });
  return id;
}

export const hideNotification = (id: string) => notifications.hide(id);

export const clearNotifications = () => notifications.clean();

/** Rendered once at the root of the app. */
export function Notifications() {
  return (
    <MantineNotifications
      position="top-right"
      limit={5}
      zIndex={1000}
      classNames={{ root: 'sd-notifications' }}
      data-testid="notifications"
    />
  );
}

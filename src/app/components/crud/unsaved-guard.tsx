// The unsaved-changes warning of the form pages: in-app navigation is held (react-router's blocker) behind a
// confirm dialog, closing or reloading the tab triggers the browser's own prompt (beforeunload), and an app update
// waits for the form to be saved or left.
import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { registerReloadBlocker } from '@/app/components/shell/update-prompt';

/** `dirty()` is read when the user tries to leave; `release()` lets a save navigate away without a warning. */
export function useUnsavedGuard(dirty: () => boolean) {
  const released = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (released.current || !dirtyRef.current()) return false;
    return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  });

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current || !dirtyRef.current()) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // An app update never reloads over unsaved changes (DESIGN §6).
    const unregister = registerReloadBlocker(() => released.current || !dirtyRef.current());
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unregister();
    };
  }, []);

  return {
    release: () => {
      released.current = true;
    },
    dialog: <UnsavedDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />,
  };
}

function UnsavedDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={open} onClose={onStay} title={t('crud.unsavedTitle')} centered>
      <Text size="sm">{t('crud.unsavedText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-testid="unsaved-stay">
          {t('crud.stay')}
        </Button>
        <Button color="red" onClick={onLeave} data-testid="unsaved-leave">
          {t('crud.leave')}
        </Button>
      </Group>
    </Modal>
  );
}

// A warning confirmation (Confirm / Cancel) for destructive row actions such as deleting a role or a menu
// (spec part 2 §4). `confirm()` resolves true when the user confirms; the dialog element is rendered by the caller.
import { useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function useConfirm() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  const close = (ok: boolean) => {
    settle.current?.(ok);
    settle.current = null;
    setMessage(null);
  };

  return {
    /** Asks with a translated message; resolves with the answer. */
    confirm: (text: string) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setMessage(text);
      }),
    dialog: (
      <Modal opened={message !== null} onClose={() => close(false)} title={t('pages.org.warning')} centered data-testid="confirm-dialog">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => close(false)} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button color="orange" onClick={() => close(true)} data-testid="confirm-ok">
            {t('common.confirm')}
          </Button>
        </Group>
      </Modal>
    ),
  };
}

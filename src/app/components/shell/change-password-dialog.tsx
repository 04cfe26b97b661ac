// The change-own-password dialog of the user dropdown (spec part 2 §2 Users, part 3 §2.8). Success ends every session
// of the user on the server, so it says "sign in again" and goes to /Login.
import { Button, Modal } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changeUserPassword } from '@/shared/contracts/user';
import { call } from '@/app/api/client';
import { getSession } from '@/app/session/session';
import { PasswordForm } from './password-form';
import { endAfterPasswordChange } from './session-actions';

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('password.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="change-password-dialog"
    >
      {opened && (
        <PasswordForm
          withOld
          autoFocus
          submitLabel={t('password.submit')}
          secondary={
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          }
          onSubmit={async ({ oldPassword, password }) => {
            await call(changeUserPassword, { id: getSession()?.id, oldPassword, password });
            onClose();
            await endAfterPasswordChange(navigate);
          }}
        />
      )}
    </Modal>
  );
}

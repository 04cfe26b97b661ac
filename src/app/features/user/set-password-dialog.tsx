// The administrator's set-password dialog of the user list (spec part 2 §2 Users, §5, §8): a new password of 6 to 20
// characters, checked by the shared policy before it is sent; success ends the user's sessions on the server, so
// setting one's own password signs one out.
import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '@/app/api/client';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { endAfterPasswordChange } from '@/app/components/shell/session-actions';
import { getSession } from '@/app/session/session';
import { editUserPassword, type UserItem } from '@/shared/contracts/user';
import { checkAdminPassword } from '@/shared/domain/password-policy';

export function SetPasswordDialog({ user, onClose }: { user: UserItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forUser, setForUser] = useState<number | null>(null);
  // Each opening starts empty.
  const userId = user?.id ?? null;
  if (userId !== forUser) {
    setForUser(userId);
    setPassword('');
    setError(null);
  }

  const submit = async () => {
    if (!user || busy) return;
    const bad = checkAdminPassword(password);
    if (bad) {
      setError(t(`validation.${bad}`));
      return;
    }
    setBusy(true);
    try {
      await call(editUserPassword, { id: user.id, password });
      onClose();
      if (user.id === getSession()?.id) await endAfterPasswordChange(navigate);
      else showSuccess('pages.user.passwordSet', { name: user.name });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!user} onClose={onClose} title={t('pages.user.setPassword')} centered data-testid="set-password-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{user ? `${user.name} (${user.account})` : ''}</Text>
          <PasswordInput
            label={t('password.newPassword')}
            description={t('pages.user.adminPasswordHint')}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            withAsterisk
            autoFocus
            autoComplete="new-password"
            name="setPassword"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy} data-testid="set-password-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

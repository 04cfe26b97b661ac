// /UserEditPassword?id: a user's new password set from the user list (spec part 2 §2 Users, §5): account, name and
// e-mail read-only; new password and confirmation with show/hide, the 6–8 hint, the shared policy's checks in the
// spec's order. The call ends the user's sessions: a change of one's own password goes to /Login (as the spec says);
// an administrator who changed another user's password stays signed in and returns to /UserList. An id that names no
// user, or a user the server refuses, shows the refusal (offline: the offline state) instead of blank fields.
import { Button, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, call } from '@/app/api/client';
import { useReturn } from '@/app/components/crud/crud-form';
import { queryParam, recordKeyProblem } from '@/app/components/crud/form-logic';
import { RecordState } from '@/app/components/crud/record-state';
import { showSuccess } from '@/app/components/feedback/feedback';
import { PasswordForm } from '@/app/components/shell/password-form';
import { endAfterPasswordChange } from '@/app/components/shell/session-actions';
import { getSession } from '@/app/session/session';
import { editUserPassword, getUserById } from '@/shared/contracts/user';

export default function UserEditPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = queryParam(params, 'id');
  const badKey = recordKeyProblem(key, 'id') !== null;
  const id = badKey ? 0 : Number(key);
  const ret = useReturn('/UserList');
  const q = useQuery({
    queryKey: ['user-password', id],
    enabled: id > 0,
    retry: false,
    queryFn: ({ signal }) => call(getUserById, { id }, { signal }),
  });
  const user = q.data;

  // Offline, react-query holds the load back (paused) rather than failing it.
  const error = q.isPaused ? new ApiError('network', 'connectionError') : q.error;
  if (badKey || q.isError || q.isPaused) {
    return (
      <Paper p="md" withBorder maw={640}>
        <Stack gap="md">
          <RecordState failure={badKey ? { kind: 'badKey' } : { kind: 'error', error }} onRetry={() => void q.refetch()} />
          <Button variant="default" onClick={ret.back} data-testid="return" w="fit-content">
            {t('common.return')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper p="md" withBorder maw={640}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('fields.user.account')} value={user?.account ?? ''} readOnly disabled data-testid="field-account" />
          <TextInput label={t('fields.user.name')} value={user?.name ?? ''} readOnly disabled data-testid="field-name" />
          <TextInput label={t('fields.user.email')} value={user?.email ?? ''} readOnly disabled data-testid="field-email" />
        </SimpleGrid>
        {user && (
          <PasswordForm
            withOld={false}
            submitLabel={t('common.save')}
            secondary={
              <Button variant="default" onClick={ret.back} data-testid="return">
                {t('common.return')}
              </Button>
            }
            onSubmit={async ({ password }) => {
              await call(editUserPassword, { id: user.id, password });
              if (user.id === getSession()?.id) {
                await endAfterPasswordChange(navigate);
                return;
              }
              showSuccess('pages.user.passwordSet', { name: user.name });
              ret.toList();
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

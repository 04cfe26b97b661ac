// /UserChangePassword (spec part 1 §2, §4; part 2 §2 Users; DESIGN §5):
// - with ?token= (the forgot-password mail link): new password and confirmation, no sign-in needed;
// - signed in: the own change (old, new, confirm). After signing in with the initial password this is the forced
//   change: nothing else opens until it is done, and the only other way out is signing out.
// Success ends the user's sessions: "please sign in again" and /Login.
import { Button } from '@mantine/core';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changeUserPassword, resetPassword } from '@/shared/contracts/user';
import { call } from '@/app/api/client';
import { getSession, useSession } from '@/app/session/session';
import { PasswordForm } from '@/app/components/shell/password-form';
import { loginPath } from '@/app/components/shell/route-guard';
import { endAfterPasswordChange, signOut } from '@/app/components/shell/session-actions';
import { AuthFrame } from './auth-frame';

export default function UserChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const session = useSession();
  const location = useLocation();
  const token = search.get('token');

  if (token) {
    return (
      <AuthFrame title={t('password.resetTitle')} subtitle={t('password.resetIntro')}>
        <PasswordForm
          withOld={false}
          autoFocus
          submitLabel={t('password.resetSubmit')}
          secondary={
            <Button variant="default" onClick={() => void navigate('/Login')}>
              {t('password.backToLogin')}
            </Button>
          }
          onSubmit={async ({ password }) => {
            await call(resetPassword, { token, password }, { noGlobalRouting: true });
            await endAfterPasswordChange(navigate);
          }}
        />
      </AuthFrame>
    );
  }

  if (!session?.token) return <Navigate to={loginPath(location)} replace />;

  const forced = !!session.mustChangePassword;
  return (
    <AuthFrame title={forced ? t('password.forcedTitle') : t('password.title')} subtitle={forced ? t('password.forcedIntro') : undefined}>
      <PasswordForm
        withOld
        autoFocus
        submitLabel={t('password.submit')}
        secondary={
          forced ? (
            <Button variant="default" onClick={() => void signOut(navigate)}>
              {t('password.signOut')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => void navigate('/')}>
              {t('common.cancel')}
            </Button>
          )
        }
        onSubmit={async ({ oldPassword, password }) => {
          await call(changeUserPassword, { id: getSession()?.id, oldPassword, password });
          await endAfterPasswordChange(navigate);
        }}
      />
    </AuthFrame>
  );
}

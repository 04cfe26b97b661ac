// /Login (spec part 1 §2, §4, §5, §8): account (required), password, language (shown once both are filled, preselected
// from getuser), Login and Forgot password. After sign-in: the session with menus and grants is stored, the language
// applied; the initial password sends the user to the forced change, anything else to the redirect target (default /).
// Picking a language switches this screen at once; after a session ended under the user the screen says so.
// This screen is the app's first download: it calls its endpoints by route (routes.ts) with the contracts' types only,
// so no schema (zod) loads with it, and it uses no combobox (the language is a native select).
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, NativeSelect, Stack, TextInput, PasswordInput, Group } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type * as menu from '@/shared/contracts/menu';
import type * as user from '@/shared/contracts/user';
import type * as workflow from '@/shared/contracts/workflow';
import { FORGOT_PASSWORD, identityRoutes } from '@/shared/contracts/routes';
import { LANGUAGES, type Language } from '@/shared/domain/constants';
import { ApiError, call, routeOf } from '@/app/api/client';
import { applyLanguage, LANGUAGE_NAMES } from '@/app/i18n/i18n';
import { clearSession, sessionEndedNoted, setSession, storedLanguage, updateSession } from '@/app/session/session';
import { showError, showInfo } from '@/app/components/feedback/feedback';
import { clearNotifications } from '@/app/components/feedback/notifications';
import { Icon } from '@/app/components/shell/icons';
import { AuthFrame } from './auth-frame';

const getUser = routeOf<typeof user.getUser>(identityRoutes.getUser);
const login = routeOf<typeof user.login>(identityRoutes.login);
const getMenusByUser = routeOf<typeof menu.getMenusByUser>(identityRoutes.getMenusByUser);
const mailSend2 = routeOf<typeof workflow.mailSend2>(identityRoutes.mailSend2);

/** Only same-site paths; never back to the login screen itself. */
export function safeRedirect(r: string | null): string {
  if (!r || !r.startsWith('/') || r.startsWith('//') || r.startsWith('/\\') || /^\/login(\/|\?|$)/i.test(r)) return '/';
  return r;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [sessionEnded] = useState(sessionEndedNoted);
  const { online } = useNetwork();
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  /** The language the user picked, or the one getuser reported; neither means "keep the account's language". */
  const [picked, setPicked] = useState<Language | null>(null);
  const [accountLanguage, setAccountLanguage] = useState<Language | null>(null);
  const [busy, setBusy] = useState<'login' | 'forgot' | null>(null);
  const asked = useRef('');
  /** getuser's answer for the pair last asked, until a Login click uses it: a refusal there is the answer to that click. */
  const checked = useRef<{ key: string; refusal: Promise<ApiError | null> } | null>(null);

  const bothFilled = number.trim() !== '' && password !== '';
  const pairKey = () => `${number.trim()}\n${password}`;

  /** getuser once both fields are filled (on leaving a field, not per keystroke: a wrong password counts as a failure). */
  function askLanguage() {
    const key = pairKey();
    if (!bothFilled || key === asked.current) return;
    asked.current = key;
    const refusal = call(getUser, { number: number.trim(), password }, { noGlobalRouting: true }).then(
      (r) => {
        if (asked.current === key) setAccountLanguage(r.language);
        return null;
      },
      (err: unknown) => (err instanceof ApiError && err.kind !== 'network' ? err : null),
    );
    checked.current = { key, refusal };
  }

  function requireAccount(): boolean {
    if (number.trim()) return true;
    setNumberError(t('validation.accountRequired'));
    return false;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !requireAccount()) return;
    setBusy('login');
    try {
      // Clicking Login leaves the password field, which asks getuser first. When getuser refused this same pair, that
      // refusal (already counted as one failed attempt) is the answer: sending login too would count every try twice.
      const pending = checked.current?.key === pairKey() ? checked.current : null;
      checked.current = null;
      const refused = pending ? await pending.refusal : null;
      if (refused) throw refused;
      const u = await call(login, { number: number.trim(), password, language: picked ?? accountLanguage ?? undefined }, { noGlobalRouting: true });
      // A cached query of the previous account is dropped by the query client itself when the token changes.
      setSession({
        token: u.token,
        id: u.id,
        number: u.number,
        name: u.name,
        language: u.language,
        companyNumber: u.companyNumber,
        companyName: u.companyName,
        departmentName: u.departmentName,
        sideMenuList: [],
        buttons: [],
        routes: {},
        mustChangePassword: u.mustChangePassword,
      });
      if (!u.mustChangePassword) {
        try {
          const m = await call(getMenusByUser, {}, { noGlobalRouting: true });
          updateSession({ sideMenuList: m.sideMenuList, buttons: m.buttons });
        } catch (err) {
          clearSession();
          throw err;
        }
      }
      await applyLanguage(u.language);
      // Messages about the previous session ("sign in again", errors of failed attempts) are done with.
      clearNotifications();
      if (u.mustChangePassword) {
        showInfo('login.mustChangePassword');
        await navigate('/UserChangePassword', { replace: true });
      } else await navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  async function forgot() {
    if (busy || !requireAccount()) return;
    setBusy('forgot');
    try {
      await call(
        mailSend2,
        { ...FORGOT_PASSWORD, userNumber: number.trim(), userNumbers: '', returnOrderNo: 0, orderNumber: '', sapOrderNumber: '' },
        { noGlobalRouting: true },
      );
      showInfo('login.resetMailSent');
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <AuthFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {sessionEnded && (
            <Alert color="yellow" variant="light" icon={<Icon name="lock" />} data-testid="login-session-ended">
              {t('errors.tokenInvalid')}
            </Alert>
          )}
          {!online && (
            <Alert color="yellow" variant="light" icon={<Icon name="wifi-off" />} data-testid="login-offline">
              {t('login.offline')}
            </Alert>
          )}
          <TextInput
            label={t('login.account')}
            placeholder={t('login.accountPlaceholder')}
            value={number}
            onChange={(e) => {
              setNumber(e.currentTarget.value);
              setNumberError(null);
            }}
            onBlur={askLanguage}
            error={numberError}
            withAsterisk
            autoComplete="username"
            autoFocus
            name="account"
          />
          <PasswordInput
            label={t('login.password')}
            placeholder={t('login.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onBlur={askLanguage}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            name="password"
          />
          {bothFilled && (
            <NativeSelect
              label={t('login.language')}
              data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              value={picked ?? accountLanguage ?? storedLanguage()}
              onChange={(e) => {
                const v = e.currentTarget.value as Language;
                setPicked(v);
                // The screen follows the choice at once (no reload: that would drop what was typed).
                void applyLanguage(v);
              }}
              data-testid="login-language"
            />
          )}
          <Button type="submit" fullWidth mt="xs" loading={busy === 'login'} disabled={busy !== null}>
            {t('login.submit')}
          </Button>
          <Group justify="center">
            <Button variant="subtle" size="compact-sm" onClick={() => void forgot()} loading={busy === 'forgot'} disabled={busy !== null}>
              {t('login.forgotPassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}

// The password form of the change dialog, the forced change and the mail-link reset (spec part 2 §5): the shared policy's
// checks in the spec's order, each failure under its own field with its own message (the server's refusals of the new
// password too: spaces or control characters, the initial or the current password); the 6–8 hint box; submit disabled while saving.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPasswordChange, type PasswordCheck } from '@/shared/domain/password-policy';
import { ApiError } from '@/app/api/client';
import { showError } from '@/app/components/feedback/feedback';

type Field = 'old' | 'password' | 'confirm';

const fieldOf: Record<PasswordCheck, Field> = {
  oldPasswordRequired: 'old',
  passwordRequired: 'password',
  confirmRequired: 'confirm',
  passwordMismatch: 'confirm',
  passwordTooShort: 'password',
  passwordTooLong: 'password',
  passwordDigitLetter: 'password',
  passwordCapital: 'password',
  passwordLength620: 'password',
  passwordCharacters: 'password',
  passwordIsInitial: 'password',
  passwordSameAsCurrent: 'password',
};

/** Server refusals about the new password itself, shown under its field like the same checks made here. */
const newPasswordRefusals = new Set(['passwordPolicy', 'passwordCharacters', 'passwordIsInitial', 'passwordSameAsCurrent']);

export interface PasswordFormProps {
  /** Ask for the current password (own change); the mail-link reset has none. */
  withOld: boolean;
  submitLabel: string;
  /** Sends the change; a rejection shows its message (oldPasswordWrong under the old-password field). */
  onSubmit(values: { oldPassword: string; password: string }): Promise<void>;
  /** Extra buttons left of submit (Cancel, Sign out). */
  secondary?: ReactNode;
  autoFocus?: boolean;
}

export function PasswordForm({ withOld, submitLabel, onSubmit, secondary, autoFocus }: PasswordFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ old: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const refs = { old: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [f]: v }));
    setErrors((s) => ({ ...s, [f]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const check = checkPasswordChange({ old: withOld ? values.old : undefined, password: values.password, confirm: values.confirm });
    if (check) {
      const field = fieldOf[check];
      setErrors({ [field]: t(`validation.${check}`) });
      refs[field].current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ oldPassword: values.old, password: values.password });
    } catch (err) {
      if (err instanceof ApiError && err.msg === 'oldPasswordWrong' && withOld) {
        setErrors({ old: t('errors.oldPasswordWrong') });
        refs.old.current?.focus();
      } else if (err instanceof ApiError && newPasswordRefusals.has(err.msg)) {
        setErrors({ password: t(`errors.${err.msg}`) });
        refs.password.current?.focus();
      } else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {withOld && (
          <PasswordInput
            ref={refs.old}
            label={t('password.oldPassword')}
            value={values.old}
            onChange={set('old')}
            error={errors.old}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            withAsterisk
            autoFocus={autoFocus}
            name="oldPassword"
          />
        )}
        <PasswordInput
          ref={refs.password}
          label={t('password.newPassword')}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          withAsterisk
          autoFocus={autoFocus && !withOld}
          name="newPassword"
        />
        <PasswordInput
          ref={refs.confirm}
          label={t('password.confirmPassword')}
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          withAsterisk
          name="confirmPassword"
        />
        <Alert variant="light" color="indigo" p="xs" data-testid="password-hint">
          {t('password.hint')}
        </Alert>
        <Group justify="flex-end" mt="xs">
          {secondary}
          <Button type="submit" loading={busy} disabled={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

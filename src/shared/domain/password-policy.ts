// The password rules of spec part 2 §5, shared by the dialogs and the server.

/** Client-side validation keys (validation.<key> in the locales), in the order the spec checks them. */
export type PasswordCheck =
  | 'oldPasswordRequired'
  | 'passwordRequired'
  | 'confirmRequired'
  | 'passwordMismatch'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordDigitLetter'
  | 'passwordCapital'
  | 'passwordLength620';

/** The 6–8 rule of the change dialogs: length, a digit and a letter, a capital. */
export function checkStrongPassword(password: string): PasswordCheck | null {
  if (password.length < 6) return 'passwordTooShort';
  if (password.length > 8) return 'passwordTooLong';
  if (!/\d/.test(password) || !/[A-Za-z]/.test(password)) return 'passwordDigitLetter';
  if (!/[A-Z]/.test(password)) return 'passwordCapital';
  return null;
}

/** The 6–20 rule of the administrator's set-password dialog and of user add. */
export function checkAdminPassword(password: string): PasswordCheck | null {
  if (!password) return 'passwordRequired';
  return password.length < 6 || password.length > 20 ? 'passwordLength620' : null;
}

/** The own-password dialog, checks in the spec's order. `old` undefined means no old-password field. */
export function checkPasswordChange(input: { old?: string; password: string; confirm: string }): PasswordCheck | null {
  if (input.old !== undefined && !input.old) return 'oldPasswordRequired';
  if (!input.password) return 'passwordRequired';
  if (!input.confirm) return 'confirmRequired';
  if (input.password !== input.confirm) return 'passwordMismatch';
  return checkStrongPassword(input.password);
}

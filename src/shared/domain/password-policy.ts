// The password rules of spec part 2 §5, shared by the dialogs and the server, plus the hardening of issue 6:
// no control, invisible or space characters anywhere, and a new own password is neither the initial nor the current one.

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
  | 'passwordLength620'
  | 'passwordCharacters'
  | 'passwordIsInitial'
  | 'passwordSameAsCurrent';

/** Control characters (C0, DEL, C1), invisible format characters (zero-width, bidi marks) and any space or separator:
 * they cannot be typed back reliably, and some are cut or changed on the way (NUL, line breaks). */
const BAD_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

export const hasBadCharacter = (password: string) => BAD_CHARACTER.test(password);

/** The 6–8 rule of the change dialogs: length, a digit and a letter, a capital; then no control or space characters. */
export function checkStrongPassword(password: string): PasswordCheck | null {
  if (password.length < 6) return 'passwordTooShort';
  if (password.length > 8) return 'passwordTooLong';
  if (!/\d/.test(password) || !/[A-Za-z]/.test(password)) return 'passwordDigitLetter';
  if (!/[A-Z]/.test(password)) return 'passwordCapital';
  if (hasBadCharacter(password)) return 'passwordCharacters';
  return null;
}

/** The 6–20 rule of the administrator's set-password dialog and of user add; no control or space characters.
 * The initial password is allowed here on purpose: signing in with it forces a change. */
export function checkAdminPassword(password: string): PasswordCheck | null {
  if (!password) return 'passwordRequired';
  if (password.length < 6 || password.length > 20) return 'passwordLength620';
  return hasBadCharacter(password) ? 'passwordCharacters' : null;
}

/**
 * A new own password (own change, mail-link reset): the 6–8 rule, then not the initial password and not the
 * current one. `initial` is known to the server only; `current` is the old password typed (own change) — the server
 * compares the reset-link case against the stored hash itself.
 */
export function checkNewOwnPassword(password: string, known: { initial?: string; current?: string } = {}): PasswordCheck | null {
  const strong = checkStrongPassword(password);
  if (strong) return strong;
  if (known.initial !== undefined && password === known.initial) return 'passwordIsInitial';
  if (known.current !== undefined && password === known.current) return 'passwordSameAsCurrent';
  return null;
}

/** The own-password dialog, checks in the spec's order. `old` undefined means no old-password field. */
export function checkPasswordChange(input: { old?: string; password: string; confirm: string }): PasswordCheck | null {
  if (input.old !== undefined && !input.old) return 'oldPasswordRequired';
  if (!input.password) return 'passwordRequired';
  if (!input.confirm) return 'confirmRequired';
  if (input.password !== input.confirm) return 'passwordMismatch';
  return checkNewOwnPassword(input.password, { current: input.old });
}

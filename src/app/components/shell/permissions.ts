// Button permissions (DESIGN §5): granted type-2 codes come with the menus at sign-in; admin holds them all.
import { isSuperUser } from '@/shared/domain/constants';
import { getSession, useSession, type Session } from '@/app/session/session';

const holds = (s: Session | null, code: string) => !!s && (isSuperUser(s.number) || s.buttons.includes(code));

/** Does the signed-in user hold a button permission? Re-renders when the session changes. */
export function useCan(code: string): boolean {
  return holds(useSession(), code);
}

/** The same check outside React. */
export function can(code: string): boolean {
  return holds(getSession(), code);
}

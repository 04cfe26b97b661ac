// Country scope (DESIGN §5): which companies a user may see.
import { HEAD_OFFICE, HK, isSuperUser } from './constants';

export interface ScopeUser {
  number: string;
  companyNumber: string | null;
}

/**
 * The company numbers a user may see, given every company number there is.
 * admin: all; head office: all but HK (OIH included); anyone else: their own company only.
 */
export function allowedCompanies(user: ScopeUser, all: readonly string[]): string[] {
  if (isSuperUser(user.number)) return [...all];
  const own = (user.companyNumber ?? '').toUpperCase();
  if (own === HEAD_OFFICE) return all.filter((c) => c.toUpperCase() !== HK);
  return all.filter((c) => c.toUpperCase() === own);
}

/** A chosen country outside the allowed set falls back to the user's own company (spec part 1 §6). */
export function clampCountry(user: ScopeUser, allowed: readonly string[], chosen: string | null | undefined): string {
  if (chosen && allowed.some((c) => c.toUpperCase() === chosen.toUpperCase())) return chosen;
  return user.companyNumber ?? '';
}

// Who may load which report (spec part 1 §5–§6): the client skips a load unless the user is a head-office (OIH) user,
// admin, or the chosen country is their own; the server refuses the rest whatever the request says. The initial
// country of a report is empty (every country, or the consolidated report) for OIH users and users without a company,
// else the user's own company.
import type { Session } from '@/app/session/session';
import { HEAD_OFFICE, isSuperUser } from '@/shared/domain/constants';

type Who = Pick<Session, 'number' | 'companyNumber'> | null;

const own = (s: Who) => (s?.companyNumber ?? '').toUpperCase();

/** May this user load a report for `country` ('' = every country / consolidated)? */
export function mayLoadReport(session: Who, country: string): boolean {
  if (!session) return false;
  if (isSuperUser(session.number) || own(session) === HEAD_OFFICE) return true;
  return !!country && !!own(session) && country.toUpperCase() === own(session);
}

/** The country a report starts with: '' for OIH users, admin and users without a company, else their company. */
export function initialReportCountry(session: Who): string {
  if (!session || isSuperUser(session.number)) return '';
  const c = session.companyNumber ?? '';
  return c.toUpperCase() === HEAD_OFFICE ? '' : c;
}

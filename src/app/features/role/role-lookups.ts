// The grant choices of a role (companies, departments, users) by id, disabled ones included so that an existing grant
// still shows its name.
import { lookup, nameNumber } from '@/app/components/crud/lookups';
import { getCompanyList } from '@/shared/contracts/company';
import { getDepartmentList } from '@/shared/contracts/department';
import { getUserList } from '@/shared/contracts/user';

export const companyIds = lookup(getCompanyList, { isAll: true }, (r) => ({ value: String(r.id), label: nameNumber(r.companyName, r.companyNumber) }));
export const departmentIds = lookup(getDepartmentList, { isAll: true }, (r) => ({
  value: String(r.id),
  label: `${r.companyNumber} / ${r.departmentPath || r.departmentName}`,
}));
export const userIds = lookup(getUserList, { isAll: true }, (r) => ({ value: String(r.id), label: `${r.name} (${r.account})` }));

/** The role list's filters by number. */
export const userNumbers = lookup(getUserList, {}, (r) => ({ value: r.number, label: `${r.name} (${r.account})` }));

/** "1,2,3" -> ['1','2','3']. */
export const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The server joins names with bare commas; shown with a space, or '—' for none. */
export const spacedNames = (names: string) => (names ? names.split(',').join(', ') : '—');

// The option lists of the workflow screens: form types (labels translated from workflow.formTypes.<value>) and the
// companies, departments and users a template or a flow rule names, keyed by number (what the server stores), with
// disabled ones included so that a saved choice still shows its name.
import { i18n } from '@/app/i18n/i18n';
import { lookup, nameNumber } from '@/app/components/crud/lookups';
import { getCompanyList } from '@/shared/contracts/company';
import { getDepartmentList } from '@/shared/contracts/department';
import { getUserList } from '@/shared/contracts/user';
import { getFormTypes } from '@/shared/contracts/workflow';

/** A form type's name in the current language: workflow.formTypes.<value>, else what the server calls it. */
export function formTypeName(value: number, fallback = ''): string {
  const key = `workflow.formTypes.${value}`;
  if (i18n.exists(key)) return i18n.t(key);
  return fallback && i18n.exists(fallback) ? i18n.t(fallback) : fallback || String(value);
}

export const formTypeLookup = lookup(getFormTypes, {}, (r) => ({ value: String(r.value), label: formTypeName(r.value, r.label) }));
export const companyNumbers = lookup(getCompanyList, { isAll: true }, (r) => ({ value: r.companyNumber, label: nameNumber(r.companyName, r.companyNumber) }));
export const departmentNumbers = lookup(getDepartmentList, { isAll: true }, (r) => ({
  value: r.departmentNumber,
  label: `${r.companyNumber} / ${r.departmentPath || r.departmentName}`,
}));
export const userNumbers = lookup(getUserList, { isAll: true }, (r) => ({ value: r.number, label: nameNumber(r.name, r.number) }));

/** "a, b,c" -> ['a','b','c']. */
export const splitList = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

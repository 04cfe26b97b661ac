// The department choices of a filter that follows a company filter (the role list, the user select dialog): those of
// the chosen company, or, with no company chosen, every department in scope prefixed with its company number, so that
// departments of the same name in several countries ("Sales") can be told apart.
import { departmentLookup, lookup } from '@/app/components/crud/lookups';

export function departmentFilterLookup(companyNumber: string) {
  const l = departmentLookup(companyNumber);
  if (companyNumber) return l;
  return lookup(l.endpoint, l.input, (r) => ({ value: r.departmentNumber, label: `${r.companyNumber} / ${r.departmentPath || r.departmentName}` }));
}

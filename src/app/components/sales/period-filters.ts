// Year and month filters of the sales lists (spec part 1 §2): year defaults to the current one; month to the current
// one (weekly sales) or to any (period sales data); months show as MM.
import type { FilterDef } from '@/app/components/crud/filters';
import { companyLookup } from '@/app/components/crud/lookups';
import { pad2 } from '@/shared/domain/sales';

const now = () => new Date();

export function yearFilter(opts: { back?: number; ahead?: number } = {}): FilterDef {
  const y = now().getFullYear();
  const years: number[] = [];
  for (let v = y + (opts.ahead ?? 1); v >= y - (opts.back ?? 5); v--) years.push(v);
  return { kind: 'select', key: 'year', label: 'fields.sales.year', default: String(y), options: years.map((v) => ({ value: String(v), label: String(v) })) };
}

export function monthFilter(opts: { currentByDefault?: boolean } = {}): FilterDef {
  return {
    kind: 'select',
    key: 'month',
    label: 'fields.sales.month',
    default: opts.currentByDefault ? String(now().getMonth() + 1) : '',
    options: Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: pad2(i + 1) })),
  };
}

/** The country filter: the sales companies in scope, empty = All. */
export const countryFilter = (): FilterDef => ({ kind: 'remote', key: 'country', label: 'fields.sales.country', lookup: companyLookup });

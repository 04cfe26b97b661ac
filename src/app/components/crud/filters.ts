// Filter declarations of lists and pickers and their mapping to request parameters (pure: unit-tested).
import type { Lookup, Option } from './lookups';
import { DISABLED_DEFAULT, disabledParam, type FilterValues } from './list-state';

interface FilterBase {
  /** The URL query key and, unless `param` says otherwise, the request parameter. */
  key: string;
  /** Translation key of the label. */
  label: string;
  param?: string;
  default?: string;
}
export type FilterDef =
  | (FilterBase & { kind: 'text' })
  | (FilterBase & { kind: 'select'; options: (Option & { labelKey?: string })[]; clearable?: boolean })
  | (FilterBase & { kind: 'remote'; lookup: Lookup })
  /** A year-month picker; the value is "YYYY-MM" ('' = any month when clearable). */
  | (FilterBase & { kind: 'month'; clearable?: boolean })
  /** A fixed value shown read-only beside the filters (e.g. the original currency RMB): not in the URL, not sent. */
  | (FilterBase & { kind: 'readonly'; value: string })
  | (Partial<FilterBase> & { kind: 'disabled' });

/** The yes/no/all filter on isDisabled, "no" by default (spec part 2 §4). */
export const disabledFilter = (): FilterDef => ({ kind: 'disabled' });

export const filterKey = (f: FilterDef) => f.key ?? 'isDisabled';

/** The filters that hold a value of the list's state (a read-only one only shows a fixed text). */
type ValueFilter = Exclude<FilterDef, { kind: 'readonly' }>;
const stateful = (filters: readonly FilterDef[]) => filters.filter((f): f is ValueFilter => f.kind !== 'readonly');
const filterDefault = (f: ValueFilter) => f.default ?? (f.kind === 'disabled' ? DISABLED_DEFAULT : '');

export function filterDefaults(filters: readonly FilterDef[]): FilterValues {
  return Object.fromEntries(stateful(filters).map((f) => [filterKey(f), filterDefault(f)]));
}

/** Applied filter values -> request parameters ('' means not given; the disabled filter maps all/yes/no). */
export function filterParams(filters: readonly FilterDef[], values: FilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of stateful(filters)) {
    const v = values[filterKey(f)] ?? '';
    const param = f.param ?? filterKey(f);
    out[param] = f.kind === 'disabled' ? disabledParam(v) : v === '' ? undefined : v;
  }
  return out;
}

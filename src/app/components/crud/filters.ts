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
  | (Partial<FilterBase> & { kind: 'disabled' });

/** The yes/no/all filter on isDisabled, "no" by default (spec part 2 §4). */
export const disabledFilter = (): FilterDef => ({ kind: 'disabled' });

export const filterKey = (f: FilterDef) => f.key ?? 'isDisabled';
const filterDefault = (f: FilterDef) => f.default ?? (f.kind === 'disabled' ? DISABLED_DEFAULT : '');

export function filterDefaults(filters: readonly FilterDef[]): FilterValues {
  return Object.fromEntries(filters.map((f) => [filterKey(f), filterDefault(f)]));
}

/** Applied filter values -> request parameters ('' means not given; the disabled filter maps all/yes/no). */
export function filterParams(filters: readonly FilterDef[], values: FilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) {
    const v = values[filterKey(f)] ?? '';
    const param = f.param ?? filterKey(f);
    out[param] = f.kind === 'disabled' ? disabledParam(v) : v === '' ? undefined : v;
  }
  return out;
}

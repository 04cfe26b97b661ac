// Pure state of a paged list (DESIGN §3 convention 5): filters and paging live in the URL query so reload and
// back keep them; per-screen page-size defaults (spec part 2 §9, part 3 §9); the running row index; the switch inverse.
import { PAGE_SIZES } from '@/shared/domain/constants';

/** Filter values as they sit in the URL and in the inputs: always strings ('' = not chosen). */
export type FilterValues = Record<string, string>;

export interface ListState {
  filters: FilterValues;
  pageIndex: number;
  pageSize: number;
}

/** Default page size per list screen (by route component); everything not listed uses 50. */
const PAGE_SIZE_DEFAULTS: Record<string, number> = {
  companylist: 10,
  menulist: 10,
  menuquerysubmenu: 10,
  picker: 10,
};
export const DEFAULT_PAGE_SIZE = 50;

export function defaultPageSize(screen: string): number {
  return PAGE_SIZE_DEFAULTS[screen.toLowerCase()] ?? DEFAULT_PAGE_SIZE;
}

export const PAGE_INDEX_PARAM = 'pageIndex';
export const PAGE_SIZE_PARAM = 'pageSize';

const isPageSize = (n: number) => (PAGE_SIZES as readonly number[]).includes(n);

/** Reads a list's state from the URL: unknown or missing values fall back to the defaults. */
export function readListState(params: URLSearchParams, defaults: FilterValues, pageSizeDefault: number): ListState {
  const filters: FilterValues = {};
  for (const [key, def] of Object.entries(defaults)) filters[key] = params.get(key) ?? def;
  const size = Number(params.get(PAGE_SIZE_PARAM));
  const index = Number(params.get(PAGE_INDEX_PARAM));
  return {
    filters,
    pageSize: Number.isInteger(size) && isPageSize(size) ? size : pageSizeDefault,
    pageIndex: Number.isInteger(index) && index >= 1 ? index : 1,
  };
}

/**
 * Writes a list's state into a copy of the URL query. Values equal to their default are left out (clean links);
 * query parameters the list does not own (e.g. parentMenuId) are kept.
 */
export function writeListState(base: URLSearchParams, state: ListState, defaults: FilterValues, pageSizeDefault: number): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const [key, def] of Object.entries(defaults)) {
    const v = state.filters[key] ?? def;
    if (v === def) out.delete(key);
    else out.set(key, v);
  }
  if (state.pageIndex > 1) out.set(PAGE_INDEX_PARAM, String(state.pageIndex));
  else out.delete(PAGE_INDEX_PARAM);
  if (state.pageSize !== pageSizeDefault) out.set(PAGE_SIZE_PARAM, String(state.pageSize));
  else out.delete(PAGE_SIZE_PARAM);
  return out;
}

/** Search: the draft filters become the applied ones and paging restarts at page 1. */
export function searchState(state: ListState, draft: FilterValues): ListState {
  return { ...state, filters: { ...draft }, pageIndex: 1 };
}

/** A new page size restarts at page 1 (the old page may not exist any more). */
export function pageSizeState(state: ListState, pageSize: number): ListState {
  return { ...state, pageSize: isPageSize(pageSize) ? pageSize : state.pageSize, pageIndex: 1 };
}

/** Does any filter differ from its default? Then an empty result is a "no match", not "no data". */
export function filtersActive(filters: FilterValues, defaults: FilterValues): boolean {
  return Object.entries(defaults).some(([k, def]) => (filters[k] ?? def) !== def);
}

/** The running index of row i (0-based) on a page: it continues across pages. */
export function rowNumber(pageIndex: number, pageSize: number, i: number): number {
  return (pageIndex - 1) * pageSize + i + 1;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** A jump-to-page entry clamped to the pages there are; NaN or empty gives null (no jump). */
export function jumpTarget(input: string | number, count: number, pageSize: number): number | null {
  const n = typeof input === 'number' ? input : Number(String(input).trim() || NaN);
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(1, Math.trunc(n)), pageCount(count, pageSize));
}

/** The yes/no/all disabled filter: URL and input value -> the isDisabled request parameter. */
export const DISABLED_ALL = 'all';
export const DISABLED_DEFAULT = 'false';
export function disabledParam(v: string): boolean | undefined {
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

/** A disable switch always sends the inverse of the value it shows. */
export function inverse(current: boolean): boolean {
  return !current;
}

// The crud kit's list state: URL <-> filters and paging, page-size defaults (spec part 2 §9, part 3 §9), the running
// index, the jump-to-page clamp, the disabled filter and the switch inverse (spec part 2 §4).
import { describe, expect, it } from 'vitest';
import {
  defaultPageSize,
  disabledParam,
  filtersActive,
  inverse,
  jumpTarget,
  pageCount,
  pageSizeState,
  readListState,
  rowNumber,
  searchState,
  writeListState,
} from '@/app/components/crud/list-state';
import { filterDefaults, filterParams, disabledFilter, type FilterDef } from '@/app/components/crud/filters';

const filters: FilterDef[] = [disabledFilter(), { kind: 'text', key: 'productCode', label: 'x' }, { kind: 'text', key: 'category', label: 'y', param: 'productCategory' }];
const defaults = filterDefaults(filters);

describe('page-size defaults', () => {
  it('is 50 for the master-data and organisation lists and 10 for company, menu and the pickers', () => {
    for (const s of ['Cgy', 'Product', 'RoleList', 'Vendor', 'ProductCol', 'ProductMod', 'Currency', 'UserList', 'DepartmentList']) {
      expect(defaultPageSize(s), s).toBe(50);
    }
    for (const s of ['CompanyList', 'MenuList', 'picker']) expect(defaultPageSize(s), s).toBe(10);
  });
});

describe('URL <-> list state', () => {
  it('starts at page 1 with the default size and the disabled filter on "no"', () => {
    const s = readListState(new URLSearchParams(''), defaults, 50);
    expect(s).toEqual({ filters: { isDisabled: 'false', productCode: '', category: '' }, pageIndex: 1, pageSize: 50 });
    expect(filterParams(filters, s.filters)).toEqual({ isDisabled: false, productCode: undefined, productCategory: undefined });
  });

  it('round-trips filters and paging, leaving defaults out of the URL and keeping foreign parameters', () => {
    const base = new URLSearchParams('parentMenuId=7');
    const state = { filters: { isDisabled: 'all', productCode: 'AB 1', category: '' }, pageIndex: 3, pageSize: 25 };
    const url = writeListState(base, state, defaults, 50);
    expect(url.get('parentMenuId')).toBe('7');
    expect(url.get('isDisabled')).toBe('all');
    expect(url.has('category')).toBe(false);
    expect(readListState(new URLSearchParams(url.toString()), defaults, 50)).toEqual(state);
    expect(filterParams(filters, state.filters)).toEqual({ isDisabled: undefined, productCode: 'AB 1', productCategory: undefined });

    const back = writeListState(url, { ...state, filters: defaults, pageIndex: 1, pageSize: 50 }, defaults, 50);
    expect(back.toString()).toBe('parentMenuId=7');
  });

  it('ignores page sizes outside 10/25/50/75/100 and bad page numbers', () => {
    const s = readListState(new URLSearchParams('pageSize=33&pageIndex=-2'), defaults, 10);
    expect(s.pageSize).toBe(10);
    expect(s.pageIndex).toBe(1);
    expect(readListState(new URLSearchParams('pageSize=75&pageIndex=4'), defaults, 10)).toMatchObject({ pageSize: 75, pageIndex: 4 });
  });

  it('Search applies the draft and resets to page 1; a new page size resets to page 1', () => {
    const s = { filters: defaults, pageIndex: 5, pageSize: 50 };
    expect(searchState(s, { ...defaults, productCode: 'X' })).toEqual({ filters: { ...defaults, productCode: 'X' }, pageIndex: 1, pageSize: 50 });
    expect(pageSizeState(s, 100)).toEqual({ ...s, pageIndex: 1, pageSize: 100 });
    expect(pageSizeState(s, 33).pageSize).toBe(50);
  });

  it('knows when filters are active (no-match instead of no-data)', () => {
    expect(filtersActive(defaults, defaults)).toBe(false);
    expect(filtersActive({ ...defaults, productCode: 'a' }, defaults)).toBe(true);
    expect(filtersActive({ ...defaults, isDisabled: 'all' }, defaults)).toBe(true);
  });
});

describe('paging', () => {
  it('numbers rows across pages', () => {
    expect(rowNumber(1, 50, 0)).toBe(1);
    expect(rowNumber(3, 25, 4)).toBe(55);
  });

  it('clamps jump-to-page into the pages there are', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
    expect(jumpTarget('7', 101, 50)).toBe(3);
    expect(jumpTarget('0', 101, 50)).toBe(1);
    expect(jumpTarget('2', 101, 50)).toBe(2);
    expect(jumpTarget('', 101, 50)).toBeNull();
    expect(jumpTarget('abc', 101, 50)).toBeNull();
  });
});

describe('disabled filter and switch', () => {
  it('maps all/yes/no to the isDisabled parameter', () => {
    expect(disabledParam('all')).toBeUndefined();
    expect(disabledParam('true')).toBe(true);
    expect(disabledParam('false')).toBe(false);
  });

  it('sends the inverse of the shown value', () => {
    expect(inverse(true)).toBe(false);
    expect(inverse(false)).toBe(true);
  });
});

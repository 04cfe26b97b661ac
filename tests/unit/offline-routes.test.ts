// The service worker's cached paths (DESIGN §6), written as plain strings for the zod-free SW bundle: each must be a
// GET of a contract, no write may ever be cached, and paths match case-insensitively as the server's routes do.
import { describe, expect, it } from 'vitest';
import { clearsLookups, LOOKUP_PATHS, OFFLINE_READ_PATHS, offlineCacheOf } from '@/shared/contracts/offline-routes';
import { getCompanyList } from '@/shared/contracts/company';
import { getProductModList, getProductModList2 } from '@/shared/contracts/product-mod';
import { getProductList } from '@/shared/contracts/product';
import { getCurrencyList } from '@/shared/contracts/currency';
import { getMenusByUser } from '@/shared/contracts/menu';
import * as salesData from '@/shared/contracts/sales-data';
import * as salesTarget from '@/shared/contracts/sales-target';

interface Declared {
  method: string;
  path: string;
}

const isRoute = (v: unknown): v is Declared =>
  !!v && typeof v === 'object' && typeof (v as Declared).path === 'string' && (v as Declared).path.startsWith('/api/') && typeof (v as Declared).method === 'string';

/** Every endpoint declared in src/shared/contracts (exports, and records of routes such as routes.ts's). */
const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/contracts/*.ts', { eager: true });
const declared: Declared[] = Object.entries(modules)
  .filter(([file]) => !file.endsWith('/offline-routes.ts'))
  .flatMap(([, mod]) => Object.values(mod).flatMap((v) => (isRoute(v) ? [v] : v && typeof v === 'object' ? Object.values(v).filter(isRoute) : [])));
const methodsOf = (path: string) => new Set(declared.filter((d) => d.path.toLowerCase() === path.toLowerCase()).map((d) => d.method));

describe('offline routes', () => {
  it('found the contracts to check against', () => {
    expect(declared.length).toBeGreaterThan(50);
    expect(methodsOf('/api/salesData/addoreditsalesdata')).toEqual(new Set(['POST']));
  });

  it('lists only paths of GET contracts (case-insensitively), so they cannot drift from the contracts', () => {
    for (const path of [...LOOKUP_PATHS, ...OFFLINE_READ_PATHS]) expect([path, [...methodsOf(path)]]).toEqual([path, ['GET']]);
  });

  it('caches the lookups the offline areas need, and the weekly, period and target reads', () => {
    const lookups = [getCompanyList, getProductModList, getProductModList2, getProductList, getCurrencyList, getMenusByUser];
    expect(new Set(LOOKUP_PATHS.map((p) => p.toLowerCase()))).toEqual(new Set(lookups.map((e) => e.path.toLowerCase())));
    const reads = [
      salesData.getWeekSalesDataPage,
      salesData.getWeekSalesDataPage2,
      salesData.getWeekSalesData,
      salesData.getSalesDataPage,
      salesData.getSalesDataById,
      salesData.getSalesDataDetailBySalesDataId,
      salesTarget.getSalesTargetPage,
      salesTarget.getSalesTargetById,
      salesTarget.getSalesTargetDetailBySalesTargetId,
    ];
    expect(new Set(OFFLINE_READ_PATHS.map((p) => p.toLowerCase()))).toEqual(new Set(reads.map((e) => e.path.toLowerCase())));
    for (const e of lookups) expect(offlineCacheOf('GET', e.path)).toBe('lookup');
    for (const e of reads) expect(offlineCacheOf('GET', e.path)).toBe('read');
  });

  it('never caches a write: no POST path, not releasesalestarget (a GET that writes), nothing by another method', () => {
    const posts = declared.filter((d) => d.method !== 'GET');
    expect(posts.length).toBeGreaterThan(20);
    for (const d of posts) {
      expect([d.path, offlineCacheOf(d.method, d.path), offlineCacheOf('GET', d.path)]).toEqual([d.path, null, null]);
    }
    expect(offlineCacheOf('GET', salesTarget.releaseSalesTarget.path)).toBeNull();
    expect(offlineCacheOf('GET', salesData.salesDataExist.path)).toBeNull();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) expect(offlineCacheOf(method, salesData.getSalesDataPage.path)).toBeNull();
  });

  it('matches paths and methods case-insensitively, and nothing else under /api', () => {
    expect(offlineCacheOf('get', '/API/SALESDATA/GETSALESDATAPAGE')).toBe('read');
    expect(offlineCacheOf('GET', '/api/productmod/getproductmodlist2')).toBe('lookup');
    expect(offlineCacheOf('GET', '/api/salesData/getsalesdatapage/')).toBeNull();
    expect(offlineCacheOf('GET', '/api/Product/getproductpage')).toBeNull();
    expect(offlineCacheOf('GET', '/api/user/getcurrentuser')).toBeNull();
  });
});

describe('writes that make the cached lookups stale', () => {
  it('drops the lookups on a write to a lookup area or to roles, never on reads or sales writes', () => {
    expect(clearsLookups('POST', '/api/ProductMod/addproductmod')).toBe(true);
    expect(clearsLookups('POST', '/api/productmod/disabledproductmod')).toBe(true);
    expect(clearsLookups('POST', '/api/Product/addproduct')).toBe(true);
    expect(clearsLookups('POST', '/api/company/addoreditcompany')).toBe(true);
    expect(clearsLookups('POST', '/api/role/addoreditrole')).toBe(true);
    expect(clearsLookups('GET', '/api/ProductMod/getproductmodlist')).toBe(false);
    expect(clearsLookups('POST', '/api/salesData/addoreditweeksalesdata')).toBe(false);
    expect(clearsLookups('POST', '/api/salestarget/addoreditsalestarget')).toBe(false);
  });
});

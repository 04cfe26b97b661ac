// The API reads the service worker caches (DESIGN §6), as plain strings: the SW bundle must not import the contracts,
// which pull zod. Each path is a GET of a contract; tests/unit/offline-routes.test.ts checks them against the contracts
// so the two cannot drift. Writes (any POST, and releasesalestarget, a GET that writes) are never listed.

/** Lookups the offline areas need: served from the cache at once, refreshed in the background (stale-while-revalidate). */
export const LOOKUP_PATHS = [
  '/api/company/getcompanylist',
  '/api/ProductMod/getproductmodlist',
  '/api/ProductMod/getproductmodlist2',
  // Products by country (its `company` query narrows to one).
  '/api/Product/getproductlist',
  '/api/currency/getcurrencylist',
  '/api/menu/getmenusbyuser',
] as const;

/** The offline areas' reads (weekly sales, period sales data, sales targets): network first, the cache when offline. */
export const OFFLINE_READ_PATHS = [
  '/api/salesData/getweeksalesdatapage',
  '/api/salesData/getweeksalesdatapage2',
  '/api/salesData/getweeksalesdata',
  '/api/salesData/getsalesdatapage',
  '/api/salesData/getsalesdatabyid',
  '/api/salesData/getsalesdatadetailbysalesdataid',
  '/api/salestarget/getsalestargetpage',
  '/api/salestarget/getsalestargetbyid',
  '/api/salestarget/getsalestargetdetailbysalestargetid',
] as const;

export type OfflineCache = 'lookup' | 'read';

const byPath = new Map<string, OfflineCache>([
  ...LOOKUP_PATHS.map((p) => [p.toLowerCase(), 'lookup'] as const),
  ...OFFLINE_READ_PATHS.map((p) => [p.toLowerCase(), 'read'] as const),
]);

/** Which cache serves a request, or null for one the service worker must leave to the network. Paths match case-insensitively, as the server's routes do. */
export function offlineCacheOf(method: string, pathname: string): OfflineCache | null {
  if (method.toUpperCase() !== 'GET') return null;
  return byPath.get(pathname.toLowerCase()) ?? null;
}

/** Areas whose writes change a lookup above, or whose grants change the menus: the companies, models, products, currencies, menus and roles. */
const LOOKUP_AREAS = new Set([...LOOKUP_PATHS.map((p) => p.toLowerCase().split('/')[2]), 'role']);

/**
 * Does a request change what the cached lookups say? A write (any non-GET) to a lookup's area: the service worker then
 * drops the lookups it holds, so an administrator who adds a model finds it in the next form (stale-while-revalidate
 * would serve the old list once). Sales writes keep them: offline entry needs them.
 */
export function clearsLookups(method: string, pathname: string): boolean {
  if (method.toUpperCase() === 'GET') return false;
  return LOOKUP_AREAS.has(pathname.toLowerCase().split('/')[2] ?? '') && /^\/api\//i.test(pathname);
}

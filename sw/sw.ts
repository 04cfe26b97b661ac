// The service worker (DESIGN §6): precaches the built app, serves navigations from the cached shell so the app opens
// offline, caches the offline areas' lookups (stale-while-revalidate) and list/record reads (network first), per
// account, and never caches a write. A new version waits until the page says SKIP_WAITING, which it does only when
// the user accepts the update prompt.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clearsLookups, offlineCacheOf, type OfflineCache } from '@/shared/contracts/offline-routes';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
  addEventListener(type: 'sync', listener: (event: { tag: string; waitUntil(p: Promise<unknown>): void }) => void): void;
  clients: { matchAll(opts: { type: 'window'; includeUncontrolled: boolean }): Promise<Array<{ postMessage(m: unknown): void }>> };
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation (deep links such as /Product or /login?redirect=...) gets the cached index.html; the router takes over.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/i] }));

/** The query parameter of a cache key that names its account. */
const ACCOUNT_PARAM = '__account';
const DAY_S = 86_400;

const accountHashes = new Map<string, Promise<string>>();

/**
 * SHA-256 (hex) of the Authorization header: a shared tablet keeps each session's replies under its own keys, and
 * the cache holds no token (nor any prefix of one) in clear.
 */
function accountOf(authorization: string): Promise<string> {
  let hash = accountHashes.get(authorization);
  if (!hash) {
    // A handful of sessions per device: a small memo, emptied rather than evicted entry by entry.
    if (accountHashes.size >= 16) accountHashes.clear();
    hash = crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization)).then((d) =>
      Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0')).join(''),
    );
    accountHashes.set(authorization, hash);
  }
  return hash;
}

/** Reads and writes of the cache under a key that carries the account: another session never finds them. */
const perAccount: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const authorization = request.headers.get('authorization');
    const url = new URL(request.url);
    // The server's paths are case-insensitive: one resource, one key.
    url.pathname = url.pathname.toLowerCase();
    // The routes below only take requests with a session; a key that no request can carry stays unused.
    url.searchParams.set(ACCOUNT_PARAM, authorization ? await accountOf(authorization) : '-');
    return url.href;
  },
};

/** Only a success is kept: never a refusal (code 0), an error status or a reply to a request without a session. */
const successOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (response.status !== 200 || !request.headers.has('authorization')) return null;
    try {
      const body = (await response.clone().json()) as { code?: unknown } | null;
      return body?.code === 1 ? response : null;
    } catch {
      return null;
    }
  },
};

/** Sessions live at most 30 days (DESIGN §5): older replies can serve nobody. */
const expiration = () => new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true });
// API replies vary by Origin/encoding only; the key already names the account, so Vary must not defeat a match.
const matchOptions = { ignoreVary: true };

const LOOKUP_CACHE = 'salesdesk-api-lookups';

const strategies: Record<OfflineCache, StaleWhileRevalidate | NetworkFirst> = {
  lookup: new StaleWhileRevalidate({ cacheName: LOOKUP_CACHE, plugins: [perAccount, successOnly, expiration()], matchOptions }),
  // A slow connection falls back to the cached copy after 4 s rather than leaving the list blank.
  read: new NetworkFirst({
    cacheName: 'salesdesk-api-reads',
    networkTimeoutSeconds: 4,
    plugins: [perAccount, successOnly, expiration()],
    matchOptions,
  }),
};

// Same-origin GETs of the listed paths, with a session. Everything else under /api (writes, releasesalestarget, the
// other screens' reads) is not routed here and goes to the network untouched.
for (const kind of ['lookup', 'read'] as const) {
  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin && request.headers.has('authorization') && offlineCacheOf(request.method, url.pathname) === kind,
    strategies[kind],
  );
}

// A write to a lookup's area (a new model, product, company, currency, menu or role) goes to the network; once it
// succeeded, the cached lookups are dropped before the page sees the reply, so the next form lists the new record.
for (const method of ['POST', 'PUT', 'DELETE'] as const) {
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && clearsLookups(request.method, url.pathname),
    async ({ request }) => {
      const response = await fetch(request);
      if (response.ok) await caches.delete(LOOKUP_CACHE);
      return response;
    },
    method,
  );
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (where the browser has it): the page registers the tag while entries wait; when the browser says the
// connection is back, the open pages' sync engines are told to run a pass (the outbox lives in IndexedDB, not here).
self.addEventListener('sync', (event) => {
  if (event.tag !== 'salesdesk-sync') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((all) => all.forEach((c) => c.postMessage({ type: 'sync' }))),
  );
});

// On the first install there is no older version to wait for: take control of the open page at once.
clientsClaim();

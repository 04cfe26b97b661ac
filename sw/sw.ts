// The service worker (DESIGN §6): precaches the built app, serves navigations from the cached shell so the app opens
// offline, and leaves /api alone (never cached; writes always go to the network). A new version waits until the page
// says SKIP_WAITING, which it does only when the user accepts the update prompt.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation (deep links such as /Product or /login?redirect=...) gets the cached index.html; the router takes over.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/i] }));

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// On the first install there is no older version to wait for: take control of the open page at once.
clientsClaim();

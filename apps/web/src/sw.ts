/**
 * The app's service worker (vite-plugin-pwa builds it as /sys/sw.js, Workbox's injectManifest): the driver's
 * page registers it (features/driver-day/register-service-worker.ts) so that the installed app opens offline.
 * - Precache: the app shell the driver's page needs (index.html, its hashed chunks, the English texts, the
 *   icons), listed at build time (vite.config.ts `driverPrecache`). Other pages' chunks come from the network.
 * - Navigations under /sys/: the network first, so a new release is picked up on the next load as before; only
 *   without an answer (offline, or none within a few seconds) the precached index.html, which routes on the client.
 * - /api/ is never answered or kept here: the driver's page keeps its own data (IndexedDB).
 * A new worker waits until the app's pages are closed before it takes over (no skipWaiting): an open page keeps
 * the precache its chunks came from.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/** How long a navigation waits for the network before the kept shell answers (a weak signal on the road). */
const NAVIGATION_TIMEOUT_MS = 4_000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the page that registered it, so a reload offline right after works.
clientsClaim();

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request, { signal: AbortSignal.timeout(NAVIGATION_TIMEOUT_MS) });
      } catch {
        return (await matchPrecache('index.html')) ?? Response.error();
      }
    },
    { allowlist: [/^\/sys\//], denylist: [/^\/sys\/assets\//, /^\/sys\/sw\.js$/] },
  ),
);

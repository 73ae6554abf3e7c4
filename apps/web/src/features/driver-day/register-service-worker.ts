import { APP_BASE } from '@junkan/shared/paths';

/**
 * Registers the app's service worker (src/sw.ts, built as /sys/sw.js by vite-plugin-pwa) for the whole of
 * /sys/, from the driver's page only: the driver's phone gets the app shell kept for offline use, the office's
 * browsers never load it. Its scope covers the other pages too, harmlessly: it answers a navigation from the
 * network first and only offline from its copy, and it never touches /api/. Not in development, where Vite
 * serves the sources.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A refusal (an insecure origin other than localhost, a browser setting) leaves the page working online.
  navigator.serviceWorker.register(`${APP_BASE}/sw.js`, { scope: `${APP_BASE}/` }).catch(() => {});
}

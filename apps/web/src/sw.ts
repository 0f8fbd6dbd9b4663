/**
 * Kuku's service worker, built by vite-plugin-pwa (injectManifest) into /sw.js (decision 034).
 * - Precaches the app shell: a reload without a connection still opens the app.
 * - Pages: from the network (fresh HTML, the server's preload links), the cached shell offline.
 * - Never answers /api or /__sim: farm data is always live, never a stale copy.
 * - Shows the server's pushes, and opens Kuku where a tapped notification points.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { ServiceWorkerScope } from './pwa/service-worker-scope';
import { APP_NAME, ICONS } from './pwa/icons';
import { isLivePath, notificationPath, readPushMessage } from './pwa/worker-rules';

declare const self: ServiceWorkerScope;

const SHELL = '/index.html';

// A new version takes over at once; the page reloads on the change of controller (docs/product.md §7).
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await matchPrecache(SHELL);
    if (shell) return shell;
    throw error;
  }
}

// Listed before the precache's route, which then sees only the files it holds.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLivePath(url.pathname)) return;
  event.respondWith(pageOrShell(request));
});

// Hashed files, cache first. No directory index or clean URLs: '/' and the app's paths are
// pages, answered above from the network.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data?.text() ?? null, APP_NAME);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: ICONS.any192,
      badge: ICONS.badge,
    }),
  );
});

async function openInKuku(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    try {
      // Focus first: the tap's permission to raise a window does not outlast the navigation.
      const focused = await client.focus();
      if (focused.url !== url) await focused.navigate(url);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: try the next, then a new one.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openInKuku(notificationPath(event.notification.data)));
});

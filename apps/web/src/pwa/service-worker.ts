/** The worker vite-plugin-pwa builds from src/sw.ts (decision 034). */
export const SERVICE_WORKER_URL = '/sw.js';

/** What is read of the browser's service worker container. */
interface ControllerWatch {
  readonly controller: object | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
}

/**
 * docs/product.md §7: the page reloads when its controller changes, so it never runs one version's page
 * under another version's worker and caches. Only when it had a controller at start
 * (`startedWith`): the very first install also changes the controller (`clients.claim()`), and
 * that page is up to date. A change before this runs (the code loads late) counts too.
 */
export function reloadOnNewWorker(
  startedWith: object | null,
  container: ControllerWatch | undefined = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): () => void {
  if (!container || startedWith === null) return () => undefined;
  let reloading = false;
  const onChange = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };
  container.addEventListener('controllerchange', onChange);
  if (container.controller !== startedWith) onChange();
  return () => container.removeEventListener('controllerchange', onChange);
}

/**
 * Registers the worker through workbox-window, loaded only now: it is no part of any first
 * screen (decision 017). Not in development, where Vite serves no worker.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  await new Workbox(SERVICE_WORKER_URL, { scope: '/' }).register();
}

/**
 * What the installable app must catch from the start, before the rest of its code loads once
 * the first screen has settled (pwa-features.tsx): the browser's install offer, which can fire
 * early and must be held back from the browser's own banner at once, and the service worker
 * the page started with (docs/product.md §7's reload compares against it).
 */
interface EarlyEvents {
  offer: Event | null;
  onOffer: ((event: Event) => void) | null;
  /** undefined until captured; null when the page started without a worker. */
  startedWith: ServiceWorker | null | undefined;
}

export const early: EarlyEvents = { offer: null, onOffer: null, startedWith: undefined };

export function captureEarlyEvents(win: Window = window): () => void {
  early.startedWith ??= win.navigator.serviceWorker?.controller ?? null;
  const keep = (event: Event) => {
    event.preventDefault();
    early.offer = event;
    early.onOffer?.(event);
  };
  win.addEventListener('beforeinstallprompt', keep);
  return () => win.removeEventListener('beforeinstallprompt', keep);
}

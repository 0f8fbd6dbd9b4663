/**
 * The app's icons and name as the service worker shows them: apart from the manifest's words,
 * since the worker's bundle may load no words module (their catalogues' loaders are dynamic
 * imports, which a service worker cannot evaluate; decision 068). The name is the brand, the same
 * in every language.
 */
export const APP_NAME = 'Kuku';

export const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  /** Android's status bar draws only its alpha: a white hen's egg. */
  badge: '/icons/badge-96.png',
} as const;

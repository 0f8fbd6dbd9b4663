import type { ManifestOptions } from 'vite-plugin-pwa';
import { pwaWords as w } from './words';

/**
 * The web app manifest (vite-plugin-pwa writes it as /manifest.webmanifest; the app links it
 * once its first screen has settled, web-manifest-link.ts). Its colours are the app's Mantine
 * theme: the primary filled shade (kuku 8) for
 * the browser's bars, the light body for the splash screen; web-manifest.test.ts holds them to it.
 */
export const THEME_COLOR = '#2a813f';
export const BACKGROUND_COLOR = '#fff';

export const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  /** Android's status bar draws only its alpha: a white hen's egg. */
  badge: '/icons/badge-96.png',
} as const;

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: w.appName,
  short_name: w.appName,
  description: w.appDescription,
  start_url: '/',
  scope: '/',
  display: 'standalone',
  lang: 'en-KE',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

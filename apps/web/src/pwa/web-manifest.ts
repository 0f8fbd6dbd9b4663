import type { ManifestOptions } from 'vite-plugin-pwa';
import { ICONS } from './icons';
import { pwaWords as w } from './words';

/**
 * The web app manifest (vite-plugin-pwa writes it as /manifest.webmanifest; the app links it
 * once its first screen has settled, web-manifest-link.ts). Its colours are the app's Mantine
 * theme: the primary filled shade (kuku 8) for
 * the browser's bars, the light body for the splash screen; web-manifest.test.ts holds them to it.
 */
export const THEME_COLOR = '#2a813f';
export const BACKGROUND_COLOR = '#fff';

export { ICONS } from './icons';

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

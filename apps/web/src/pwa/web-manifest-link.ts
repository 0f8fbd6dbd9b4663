/** Where vite-plugin-pwa writes the manifest (its default `manifestFilename`). */
export const WEB_MANIFEST_URL = '/manifest.webmanifest';

/**
 * Links the web app manifest, once: index.html leaves it out so that a phone's first screen does
 * not fetch it and its icon before its own code (decision 041). The browser reads it, and offers
 * the install, from when the link appears.
 */
export function linkWebManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_URL;
  doc.head.append(link);
}

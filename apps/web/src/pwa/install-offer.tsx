import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from '../first-screen/lazy';
import { captureInstallPrompt, clearInstallPrompt, setInstallPopupOpen, useInstallPrompt } from './install-prompt-store';
import { isInstalled, readInstallCancelledAt, rememberInstallCancelled, shouldOfferInstall } from './install-timing';

// A Mantine Modal: loaded only when the browser offers the install.
const InstallPopup = lazyWithPreload(() => import('./install-popup'), (m) => m.InstallPopup);

/**
 * docs/product.md §2's install popup: shown when the browser offers the install, unless the app runs
 * installed or the popup was cancelled in the last 30 days; and not over the screen the farmer
 * has just opened, but once they move on to another (decision 040).
 */
export function InstallOffer({ movedOn }: { movedOn: boolean }) {
  const { event } = useInstallPrompt();
  // Read once: the popup's own Cancel hides it through the store.
  const [offerable] = useState(() => shouldOfferInstall({ now: Date.now(), cancelledAt: readInstallCancelledAt(), installed: isInstalled() }));
  useEffect(() => captureInstallPrompt(), []);

  const open = offerable && movedOn && event !== null;
  useEffect(() => setInstallPopupOpen(open), [open]);
  if (!open) return null;

  const cancel = () => {
    rememberInstallCancelled(Date.now());
    clearInstallPrompt();
  };
  const install = () => {
    clearInstallPrompt();
    // From the click: prompt() needs the user's gesture. A dismissed browser dialog counts as a Cancel.
    event
      .prompt()
      .then(() => event.userChoice)
      .then(({ outcome }) => {
        if (outcome === 'dismissed') rememberInstallCancelled(Date.now());
      })
      .catch((error: unknown) => console.warn('Install prompt failed', error));
  };
  return (
    <Suspense fallback={null}>
      <InstallPopup onInstall={install} onCancel={cancel} />
    </Suspense>
  );
}

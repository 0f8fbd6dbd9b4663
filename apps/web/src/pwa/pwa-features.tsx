import { useEffect } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { AlertsOffer } from './alerts-offer';
import { early } from './early-events';
import { InstallOffer } from './install-offer';
import { registerServiceWorker, reloadOnNewWorker } from './service-worker';
import { linkWebManifest } from './web-manifest-link';

/**
 * Loaded once the first screen has settled: the manifest is linked and the worker registers, the
 * install popup of docs/product.md §2 shows when the browser offers the install, and a signed-in farmer is
 * offered alerts (docs/product.md §4).
 */
export function PwaFeatures({ movedOn }: { movedOn: boolean }) {
  const user = useCurrentUser();
  useEffect(() => reloadOnNewWorker(early.startedWith ?? null), []);
  useEffect(() => {
    linkWebManifest();
    registerServiceWorker().catch((error: unknown) => console.warn('Service worker registration failed', error));
  }, []);
  return (
    <>
      <InstallOffer movedOn={movedOn} />
      {/* Keyed: a farmer who signs in later waits for that screen's own start-up. */}
      {user ? <AlertsOffer key={user.id} userId={user.id} /> : null}
    </>
  );
}

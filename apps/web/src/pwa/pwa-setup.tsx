import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { lazyWithPreload } from '../ui/lazy';
import { useSettled } from '../ui/use-settled';
import { captureEarlyEvents } from './early-events';

// The worker's registration, the install popup and the alerts prompt load once the first screen
// has settled: none of them is part of any first screen (decision 017's budget).
const PwaFeatures = lazyWithPreload(() => import('./pwa-features'), (m) => m.PwaFeatures);

/** The installable app (decision 034), around every route. */
export function PwaSetup() {
  const settled = useSettled(useQueryClient());
  useEffect(() => captureEarlyEvents(), []);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <PwaFeatures />
    </Suspense>
  );
}

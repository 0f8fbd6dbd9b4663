import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyWithPreload } from '../first-screen/lazy';
import { useSettled } from '../first-screen/use-settled';
import { captureEarlyEvents } from './early-events';

// The worker's registration, the install popup and the alerts prompt load once the first screen
// has settled: none of them is part of any first screen (decision 017's budget).
const PwaFeatures = lazyWithPreload(() => import('./pwa-features'), (m) => m.PwaFeatures);

/** True once the farmer has gone from the screen the app opened on to another one. */
function useMovedOn(): boolean {
  const { key } = useLocation();
  const [first] = useState(key);
  const [moved, setMoved] = useState(false);
  if (key !== first && !moved) setMoved(true);
  return moved;
}

/** The installable app (decision 034), around every route. */
export function PwaSetup() {
  const settled = useSettled(useQueryClient());
  const movedOn = useMovedOn();
  useEffect(() => captureEarlyEvents(), []);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <PwaFeatures movedOn={movedOn} />
    </Suspense>
  );
}

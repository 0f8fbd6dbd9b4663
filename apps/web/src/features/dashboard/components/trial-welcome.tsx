import { dayIn, DEFAULT_TIME_ZONE, shouldShowTrialWelcome } from '@kuku/domain';
import { Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { holdForeground } from '../../../ui/foreground';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { readMark, trialWelcomeSeenKey, writeMark } from '../trial-storage';

// The dialog's code loads only for a user who will see it: nothing on the first screen otherwise.
const TrialWelcomeModal = lazyWithPreload(() => import('./trial-welcome-modal'), (mod) => mod.TrialWelcomeModal);

/**
 * docs/product.md §4 Trial welcome modal: while the trial is active, once a farm day for each user, marked
 * seen as it opens. Decided after the first screen is drawn (a task after its commit), so its load never
 * competes with the dashboard's own.
 */
export function TrialWelcome() {
  const user = useCurrentUser();
  // Null until the dialog is wanted; then mounted for good, so it can play its closing transition.
  const [opened, setOpened] = useState<boolean | null>(null);
  const userId = user?.id;
  const active = user?.is_trial_active ?? false;
  const timeZone = user?.farm.time_zone ?? DEFAULT_TIME_ZONE;

  useEffect(() => {
    if (userId === undefined || !active) return;
    // A task after the commit that drew the first screen.
    const timer = window.setTimeout(() => {
      const today = dayIn(new Date(), timeZone);
      const key = trialWelcomeSeenKey(userId);
      if (!shouldShowTrialWelcome(active, readMark(key), today)) return;
      writeMark(key, today);
      setOpened(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [userId, active, timeZone]);

  // Open, it comes first: the alerts prompt waits for it to close (ui/foreground).
  useEffect(() => (opened ? holdForeground() : undefined), [opened]);

  if (!user || opened === null) return null;
  return (
    <Suspense fallback={null}>
      <TrialWelcomeModal user={user} opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}

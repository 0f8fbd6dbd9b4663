import type { QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/** Quiet time after the screen's data has arrived before later parts load. */
export const SETTLED_MS = 2000;
/** A screen that keeps fetching (polling, say) counts as settled after this anyway. */
const SETTLED_AT_MOST_MS = 10_000;

/**
 * True once no query has been fetching for `SETTLED_MS`: the first screen, whose heading
 * often waits for its data, has painted before anything deferred starts loading. A plain
 * timer from mount raced the first screen on a slow phone or a busy machine (docs/design.md §9:
 * what the first screen does not need must not compete with it). What mounts then renders as a
 * transition, in slices between which the phone can answer a tap (decision 041).
 */
export function useSettled(queryClient: QueryClient): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let quiet: number | undefined;
    const settle = () => startTransition(() => setSettled(true));
    const arm = () => {
      window.clearTimeout(quiet);
      if (queryClient.isFetching() === 0) quiet = window.setTimeout(settle, SETTLED_MS);
    };
    arm();
    // Only a fetch starting or ending can change the answer; the cache reports far more
    // (every observer and result), and re-arming on each cost a screen's start.
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' || (event.type === 'updated' && ['fetch', 'success', 'error', 'setState'].includes(event.action.type))) arm();
    });
    const atMost = window.setTimeout(settle, SETTLED_AT_MOST_MS);
    return () => {
      unsubscribe();
      window.clearTimeout(quiet);
      window.clearTimeout(atMost);
    };
  }, [queryClient, settled]);
  return settled;
}

import { onboardingProgressKey, parseOnboardingProgress, serializeOnboardingProgress, type OnboardingStepId } from '@kuku/domain';
import { useState } from 'react';

/** Storage may be off (private mode, a full quota): the ticks then last as long as the page. */
function readTicks(key: string | null): OnboardingStepId[] {
  if (!key) return [];
  try {
    return parseOnboardingProgress(window.localStorage.getItem(key));
  } catch {
    return [];
  }
}

function writeTicks(key: string | null, ticked: readonly OnboardingStepId[]): void {
  if (!key) return;
  try {
    if (ticked.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, serializeOnboardingProgress(ticked));
  } catch {
    // Not kept: the screen still shows this visit's ticks.
  }
}

/**
 * The steps the user marked as done, kept in local storage under their own key (docs/product.md §4, §9).
 * `reset` clears them all (docs/product.md §4); steps the farm's records complete are not ticks.
 */
export function useOnboardingTicks(userId: number | undefined) {
  const key = userId === undefined ? null : onboardingProgressKey(userId);
  const [state, setState] = useState(() => ({ key, ticked: readTicks(key) }));
  // Another user on the same page (a sign-in in another tab): read their own ticks.
  const current = state.key === key ? state : { key, ticked: readTicks(key) };
  if (current !== state) setState(current);

  const save = (ticked: OnboardingStepId[]) => {
    writeTicks(current.key, ticked);
    setState({ key: current.key, ticked });
  };
  const others = (id: OnboardingStepId) => current.ticked.filter((t) => t !== id);
  return {
    ticked: current.ticked,
    setTicked: (id: OnboardingStepId, ticked: boolean) => save(ticked ? [...others(id), id] : others(id)),
    reset: () => save([]),
  };
}

import { useEffect, useState } from 'react';

function secondsLeft(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Whole seconds until `deadline` (ms since epoch), ticking each second, never below 0. */
export function useCountdown(deadline: number): number {
  const [state, setState] = useState(() => ({ deadline, left: secondsLeft(deadline) }));
  // A new deadline (a code resent) restarts the count at once, without waiting for a tick.
  if (state.deadline !== deadline) setState({ deadline, left: secondsLeft(deadline) });

  useEffect(() => {
    // Counted from the clock, not from ticks: a throttled background tab stays right.
    const timer = window.setInterval(() => {
      const left = secondsLeft(deadline);
      setState({ deadline, left });
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return state.deadline === deadline ? state.left : secondsLeft(deadline);
}

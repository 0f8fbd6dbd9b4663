import { useEffect, useState } from 'react';

function secondsLeft(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Whole seconds until `deadline` (ms since epoch), ticking each second, never below 0. */
export function useCountdown(deadline: number): number {
  const [left, setLeft] = useState(() => secondsLeft(deadline));
  useEffect(() => {
    setLeft(secondsLeft(deadline));
    // Counted from the clock, not from ticks: a throttled background tab stays right.
    const timer = window.setInterval(() => {
      const next = secondsLeft(deadline);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}

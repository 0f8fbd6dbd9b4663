import { useQueryClient } from '@tanstack/react-query';
import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterPaint } from './after-paint';
import { useSettled } from './use-settled';

/** How far ahead of the viewport a part below the first screen starts: a screen's height. */
export const NEAR_VIEWPORT = '100% 0px';

interface DeferredProps {
  /** Holds the place, the same size, until the part has loaded. */
  fallback: ReactNode;
  /** A lazy part below the first screen. */
  children: ReactNode;
  /**
   * Mount right after the first screen is painted rather than when near or settled: for the
   * part a farmer scrolls to first (a screen's list), loaded beside the screen's data.
   */
  soon?: boolean;
  /** How far ahead of the viewport the place starts loading (IntersectionObserver rootMargin). */
  ahead?: string;
}

/**
 * Mounts a lazy part when its place comes within a screen's height of the viewport, or once the
 * page has settled, whichever is first: its code is no part of the first screen (docs/design.md §9: heavy
 * forms load lazily, and what loads later has its space kept).
 */
export function Deferred({ fallback, children, soon = false, ahead = NEAR_VIEWPORT }: DeferredProps) {
  const [near, setNear] = useState(false);
  // Soon after the first screen has painted, even if the place is far down the page.
  const settled = useSettled(useQueryClient());
  const wanted = near || settled;
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted) return;
    if (soon) {
      // After the first screen is on the display, not only committed (decisions 042, 043).
      return afterPaint(() => startTransition(() => setNear(true)));
    }
    let observer: IntersectionObserver | undefined;
    if (place.current && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        // In slices, like the parts that mount once the page has settled (use-settled.ts).
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      }, { rootMargin: ahead });
      observer.observe(place.current);
    }
    return () => observer?.disconnect();
  }, [wanted, soon, ahead]);

  return <div ref={place}>{wanted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}

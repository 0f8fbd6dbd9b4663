import type { ChartType, DefaultDataPoint } from 'chart.js';
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { Chart as ChartJs, type ChartProps } from 'react-chartjs-2';
import { NEAR_VIEWPORT } from '../../first-screen/deferred';

/** The canvas before it is drawn fills the panel's fixed-height plot area, as the chart will. */
const PLACE_STYLE: CSSProperties = { display: 'block', width: '100%', height: '100%' };

// Charts waiting to be drawn, in the order they came near the viewport.
const waiting: (() => void)[] = [];

function drawNext(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(drawNext, 0);
}

/**
 * Where this chart stands: `far` until its canvas is within a screen's height of the viewport,
 * then `queued` for its turn (the queue draws one chart a task, each in the next), then `drawn`.
 * Without an IntersectionObserver (jsdom) it is queued at once.
 */
function useTurn(place: RefObject<HTMLCanvasElement | null>): 'far' | 'queued' | 'drawn' {
  const [stage, setStage] = useState<'far' | 'queued' | 'drawn'>(() => (typeof IntersectionObserver === 'undefined' ? 'queued' : 'far'));
  useEffect(() => {
    const draw = () => setStage('drawn');
    const join = () => {
      waiting.push(draw);
      if (waiting.length === 1) setTimeout(drawNext, 0);
    };
    let observer: IntersectionObserver | undefined;
    if (place.current && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          setStage('queued');
          join();
        },
        { rootMargin: NEAR_VIEWPORT },
      );
      observer.observe(place.current);
    } else {
      join();
    }
    // A chart gone before its turn gives it up: the next one draws in its task.
    return () => {
      observer?.disconnect();
      const index = waiting.indexOf(draw);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [place]);
  return stage;
}

/**
 * react-chartjs-2's Chart, drawn when it nears the viewport, one per task (decisions 041, 044):
 * a screen's charts drawn at once held a phone's main thread for 400 ms in one piece, and a chart
 * far down a screen the farmer never scrolls to costs nothing. Until it nears, its canvas is
 * there, named with the chart's summary for a screen reader, blank, at the size the chart will have.
 */
export function Chart<TType extends ChartType = ChartType, TData = DefaultDataPoint<TType>, TLabel = unknown>(
  props: ChartProps<TType, TData, TLabel>,
) {
  const place = useRef<HTMLCanvasElement>(null);
  const stage = useTurn(place);
  if (stage === 'drawn') return <ChartJs {...props} />;
  // Queued, it waits a task or two: the plot area keeps its place.
  if (stage === 'queued') return null;
  return <canvas ref={place} role={props.role} aria-label={props['aria-label']} style={PLACE_STYLE} />;
}

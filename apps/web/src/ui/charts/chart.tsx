import type { ChartType, DefaultDataPoint } from 'chart.js';
import { useEffect, useState } from 'react';
import { Chart as ChartJs, type ChartProps } from 'react-chartjs-2';

// Charts waiting to be drawn, in the order they mounted.
const waiting: (() => void)[] = [];

function drawNext(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(drawNext, 0);
}

/** False until this chart's turn: one chart a task, each in the next. */
function useTurn(): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    const draw = () => setTurn(true);
    waiting.push(draw);
    if (waiting.length === 1) setTimeout(drawNext, 0);
    // A chart gone before its turn gives it up: the next one draws in its task.
    return () => {
      const index = waiting.indexOf(draw);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, []);
  return turn;
}

/**
 * react-chartjs-2's Chart, drawn one per task: a screen's charts drawn at once held a phone's
 * main thread for 400 ms in one piece (decision 041). Its place is the panel's fixed-height
 * plot area, so nothing moves when it draws.
 */
export function Chart<TType extends ChartType = ChartType, TData = DefaultDataPoint<TType>, TLabel = unknown>(
  props: ChartProps<TType, TData, TLabel>,
) {
  return useTurn() ? <ChartJs {...props} /> : null;
}

import type { ComponentProps } from 'react';

interface DoubleDataset {
  label?: string;
  data: unknown[];
  borderDash?: unknown;
  backgroundColor?: unknown;
}

interface DoubleProps {
  type: string;
  data: { labels?: unknown[]; datasets: DoubleDataset[] };
  options?: { scales?: { y?: { max?: number; ticks?: { stepSize?: number } } } };
}

/**
 * react-chartjs-2's Chart in the web tests (jsdom has no canvas): the canvas it would draw,
 * with what it was given in data attributes, for a test to read. Every web test gets it, by an
 * alias in vitest.config.ts, so no test file has to replace the module and run alone (decision 058).
 */
export function Chart({ type, data, options, ...canvas }: ComponentProps<'canvas'> & DoubleProps) {
  return (
    <canvas
      role={canvas.role}
      aria-label={canvas['aria-label']}
      data-type={type}
      data-points={JSON.stringify(data)}
      data-labels={JSON.stringify(data.labels)}
      data-series={JSON.stringify(data.datasets.map((d) => d.label ?? ''))}
      data-values={JSON.stringify(data.datasets.map((d) => d.data))}
      data-dashed={JSON.stringify(data.datasets.map((d) => Boolean(d.borderDash)))}
      data-colors={JSON.stringify(data.datasets.map((d) => d.backgroundColor))}
      data-y-max={options?.scales?.y?.max}
      data-y-step={options?.scales?.y?.ticks?.stepSize}
    />
  );
}

import { act, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chart } from './chart';

// jsdom has no canvas: the chart stands in as the canvas it would render.
vi.mock('react-chartjs-2', () => ({
  Chart: ({ type, data, ...canvas }: ComponentProps<'canvas'> & { type: string; data: unknown }) => (
    <canvas role={canvas.role} aria-label={canvas['aria-label']} data-type={type} data-points={JSON.stringify(data)} />
  ),
}));

const DATA = { labels: ['Mon'], datasets: [{ label: 'Eggs', data: [1] }] };

describe('Chart', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws each chart of a screen in a task of its own, in the order they mounted', () => {
    vi.useFakeTimers();
    render(
      <>
        {['First', 'Second', 'Third'].map((name) => (
          <Chart key={name} type="bar" data={DATA} role="img" aria-label={name} />
        ))}
      </>,
    );
    const drawn = () => screen.queryAllByRole('img').map((chart) => chart.getAttribute('aria-label'));
    expect(drawn()).toEqual([]);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawn()).toEqual(['First']);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawn()).toEqual(['First', 'Second']);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(drawn()).toEqual(['First', 'Second', 'Third']);
    expect(screen.getByRole('img', { name: 'Third' })).toHaveAttribute('data-type', 'bar');
  });

  it('gives the turn of a chart gone before it to the next one', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <>
        <Chart key="gone" type="bar" data={DATA} role="img" aria-label="Gone" />
        <Chart key="kept" type="bar" data={DATA} role="img" aria-label="Kept" />
      </>,
    );
    rerender(
      <>
        <Chart key="kept" type="bar" data={DATA} role="img" aria-label="Kept" />
      </>,
    );
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-label'))).toEqual(['Kept']);
  });
});

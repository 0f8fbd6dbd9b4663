import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chart } from './chart';

const DATA = { labels: ['Mon'], datasets: [{ label: 'Eggs', data: [1] }] };

/** The stand-in (test/chart-double.tsx) marks a drawn chart with its type; the canvas before it has none. */
const isDrawn = (canvas: HTMLElement) => canvas.hasAttribute('data-type');

/** A browser whose viewport the test moves: each observed canvas comes near when told. */
function viewport() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [], disconnected: false };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    comeNear(label: string) {
      for (const o of observers.filter((x) => !x.disconnected)) {
        const target = o.targets.find((t) => t.getAttribute('aria-label') === label);
        if (!target) continue;
        const box = target.getBoundingClientRect();
        const entry: IntersectionObserverEntry = { isIntersecting: true, target, boundingClientRect: box, intersectionRect: box, intersectionRatio: 1, rootBounds: null, time: 0 };
        o.callback([entry], new IntersectionObserver(() => undefined));
      }
    },
  };
}

describe('Chart', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws a chart only once its place nears the viewport; before, its canvas is there, blank, with its summary', () => {
    vi.useFakeTimers();
    const view = viewport();
    render(
      <>
        <Chart type="bar" data={DATA} role="img" aria-label="Near" />
        <Chart type="line" data={DATA} role="img" aria-label="Far down" />
      </>,
    );
    const drawn = () => screen.queryAllByRole('img').filter(isDrawn).map((chart) => chart.getAttribute('aria-label'));
    expect(screen.getByRole('img', { name: 'Far down' })).toBeInTheDocument();
    act(() => view.comeNear('Near'));
    act(() => {
      vi.runAllTimers();
    });
    expect(drawn()).toEqual(['Near']);

    act(() => view.comeNear('Far down'));
    expect(drawn()).toEqual(['Near']);
    act(() => {
      vi.runAllTimers();
    });
    expect(drawn()).toEqual(['Near', 'Far down']);
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
    const drawn = () => screen.queryAllByRole('img').filter(isDrawn).map((chart) => chart.getAttribute('aria-label'));
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
    expect(screen.getAllByRole('img').filter(isDrawn).map((chart) => chart.getAttribute('aria-label'))).toEqual(['Kept']);
  });
});

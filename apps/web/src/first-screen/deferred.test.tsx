import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Deferred } from './deferred';

let imported = 0;
const Part = lazy(async () => {
  imported += 1;
  return { default: () => <p>The part</p> };
});

/** A screen whose data never arrives, so it never settles: only `soon` (or being near) mounts the part. */
function Busy() {
  useQuery({ queryKey: ['never'], queryFn: () => new Promise<never>(() => {}) });
  return null;
}

describe('Deferred', () => {
  it('keeps the place until the page settles or the place is near (jsdom has neither)', async () => {
    imported = 0;
    renderWithProviders(
      <>
        <Busy />
        <Deferred fallback={<p>Place kept</p>}>
          <Part />
        </Deferred>
      </>,
    );
    expect(screen.getByText('Place kept')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Place kept')).toBeInTheDocument();
    expect(imported).toBe(0);
  });

  it('with soon, asks for the part only after the first screen is drawn, and shows it', async () => {
    imported = 0;
    renderWithProviders(
      <>
        <Busy />
        <Deferred fallback={<p>Place kept</p>} soon>
          <Part />
        </Deferred>
      </>,
    );
    // The first render drew the place without asking for the part's code.
    expect(screen.getByText('Place kept')).toBeInTheDocument();
    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(imported).toBe(1);
  });

  it('with soon, waits for the frame after the first screen is painted', async () => {
    let asked = 0;
    // Its own lazy part: the one above is loaded already by the tests before.
    const FramePart = lazy(async () => {
      asked += 1;
      return { default: () => <p>The part</p> };
    });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      renderWithProviders(
        <>
          <Busy />
          <Deferred fallback={<p>Place kept</p>} soon>
            <FramePart />
          </Deferred>
        </>,
      );
      // No frame yet: the part is not asked for, however long the timers run.
      await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
      expect(asked).toBe(0);
      expect(screen.getByText('Place kept')).toBeInTheDocument();

      act(() => frames.forEach((frame) => frame(performance.now())));
      expect(await screen.findByText('The part')).toBeInTheDocument();
      expect(asked).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('near the viewport', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** An IntersectionObserver that reports its place at once, and keeps the margin it was given. */
    function stubObserver(margins: string[]) {
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(
            private readonly callback: (entries: { isIntersecting: boolean }[]) => void,
            options: { rootMargin?: string },
          ) {
            margins.push(options.rootMargin ?? '');
          }
          observe() {
            this.callback([{ isIntersecting: true }]);
          }
          disconnect() {}
        },
      );
    }

    it('mounts the part when its place comes near, a screen ahead unless told how far', async () => {
      const margins: string[] = [];
      stubObserver(margins);
      renderWithProviders(
        <>
          <Busy />
          <Deferred fallback={<p>Place kept</p>}>
            <Part />
          </Deferred>
          <Deferred fallback={<p>Second place</p>} ahead="0px">
            <p>Only in view</p>
          </Deferred>
        </>,
      );
      expect(await screen.findByText('The part')).toBeInTheDocument();
      expect(await screen.findByText('Only in view')).toBeInTheDocument();
      expect(margins).toEqual(['100% 0px', '0px']);
    });
  });
});

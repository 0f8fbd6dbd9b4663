import { afterEach, describe, expect, it, vi } from 'vitest';

type Observed = { callback: PerformanceObserverCallback; disconnected: boolean };

/** A browser that reports largest paints (jsdom does not), and frames run by hand. */
function paintingBrowser() {
  const observers: Observed[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    private readonly observed: Observed;
    constructor(callback: PerformanceObserverCallback) {
      this.observed = { callback, disconnected: false };
      observers.push(this.observed);
    }
    observe() {}
    disconnect() {
      this.observed.disconnected = true;
    }
  }
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const report = (startTime: number) => {
    for (const o of observers.filter((x) => !x.disconnected)) {
      const entry: PerformanceEntry = { name: '', entryType: 'largest-contentful-paint', startTime, duration: 0, toJSON: () => ({}) };
      const list: PerformanceObserverEntryList = { getEntries: () => [entry], getEntriesByName: () => [entry], getEntriesByType: () => [entry] };
      o.callback(list, new PerformanceObserver(() => undefined));
    }
  };
  return { frames, report, runFrames: () => frames.splice(0).forEach((f) => f(performance.now())) };
}

// The module keeps whether the page's first screen has been shown: each test loads it afresh.
async function freshModule() {
  vi.resetModules();
  return import('./after-paint');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it("on the page's first screen, waits for the browser to report its paint, not only for the frame", async () => {
    vi.useFakeTimers();
    const browser = paintingBrowser();
    const { afterPaint } = await freshModule();
    const callback = vi.fn();
    afterPaint(callback);
    browser.runFrames();
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();
    // A paint reported from before this screen was committed is not its own.
    browser.report(performance.now() - 100);
    expect(callback).not.toHaveBeenCalled();
    browser.report(performance.now() + 1);
    expect(callback).toHaveBeenCalledOnce();

    // After the first screen, the task after the next frame.
    const later = vi.fn();
    afterPaint(later);
    vi.advanceTimersByTime(10);
    expect(later).not.toHaveBeenCalled();
    browser.runFrames();
    vi.advanceTimersByTime(0);
    expect(later).toHaveBeenCalledOnce();
  });

  it('goes on without a report after a while: a screen no larger than what was painted gets none', async () => {
    vi.useFakeTimers();
    const browser = paintingBrowser();
    const { afterPaint, FIRST_SCREEN_REPORT_WAIT_MS } = await freshModule();
    const callback = vi.fn();
    afterPaint(callback);
    browser.runFrames();
    vi.advanceTimersByTime(FIRST_SCREEN_REPORT_WAIT_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    browser.report(performance.now() + 1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('can be cancelled', async () => {
    vi.useFakeTimers();
    const browser = paintingBrowser();
    const { afterPaint } = await freshModule();
    const cancelled = vi.fn();
    const cancel = afterPaint(cancelled);
    cancel();
    browser.runFrames();
    browser.report(performance.now() + 1);
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

/**
 * How long the app's first screen waits for the browser to report its paint before what
 * follows it loads anyway: a screen no larger than what was painted before it gets no report,
 * nor does one after the farmer's first tap (decision 043).
 */
export const FIRST_SCREEN_REPORT_WAIT_MS = 300;

// Until something has waited for the page's first screen: later screens wait for the frame only.
let firstScreen = true;

/**
 * Calls `callback` once the screen just committed is on the display, and answers how to cancel.
 * - The page's first screen: when the browser reports a largest paint after this call, the
 *   moment the frame was shown. That comes later than the main thread's paint step, and code
 *   asked for in between competes with the first screen (decision 043).
 * - Otherwise, or where the browser reports no paints: in a task after the next frame's paint.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: number | undefined;
  let observer: PerformanceObserver | undefined;
  let wait = 0;
  let done = false;
  const cancel = () => {
    done = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    observer?.disconnect();
  };
  const run = () => {
    if (done) return;
    cancel();
    firstScreen = false;
    callback();
  };
  if (firstScreen && window.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    const since = performance.now();
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) run();
    });
    observer.observe({ type: 'largest-contentful-paint' });
    wait = FIRST_SCREEN_REPORT_WAIT_MS;
  }
  // A timer set in the frame's animation callback runs after that frame's paint.
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, wait);
  });
  return cancel;
}

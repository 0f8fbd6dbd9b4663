/**
 * The pool of render workers (piscina): a report's layout is seconds of CPU, so it runs off the
 * server's thread. Sized to the machine minus a core for the server and its database, and at
 * most 2, since each worker holds a document and fonts in memory. A detailed report's records
 * are streamed to the worker a page at a time with a small window of unacknowledged pages, so
 * neither thread ever holds the whole record set.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { GatheredReport } from '../document.js';
import type { RecordsAck, RenderResult, RenderTask } from './worker.js';

export interface RenderPool {
  /** Reports rendered at once: the caller runs as many jobs. */
  readonly threads: number;
  render(gathered: GatheredReport): Promise<RenderResult>;
  close(): Promise<void>;
}

/** Pages posted but not yet read by the worker: enough to keep it busy, few enough to stay small. */
const PAGES_IN_FLIGHT = 2;
/** An idle worker exits after this; the next report starts a new one (about 100 ms). */
const IDLE_MS = 60_000;

export function defaultRenderThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

function workerFile(): string {
  // A worker thread runs plain JS: the built file next to this one in dist, or, when this
  // module runs from source (vitest, tsx), the build of it (`npm test` builds first).
  const url = import.meta.url.endsWith('.ts')
    ? new URL('../../../../dist/src/features/reports/render/worker.js', import.meta.url)
    : new URL('./worker.js', import.meta.url);
  return url.href;
}

export function createRenderPool(options: { maxThreads?: number } = {}): RenderPool {
  const maxThreads = options.maxThreads ?? defaultRenderThreads();
  const pool = new Piscina<RenderTask, RenderResult>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads,
    idleTimeout: IDLE_MS,
    // Reports wait their turn, but not without bound: past this a request fails fast.
    maxQueue: Math.max(16, maxThreads * 8),
  });

  async function renderDetailed(gathered: GatheredReport & { records: NonNullable<GatheredReport['records']> }): Promise<RenderResult> {
    const { document, records } = gathered;
    const { port1, port2 } = new MessageChannel();
    // The worker answers each page it has read; one answer a page.
    let pagesRead = 0;
    let settled = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      const resume = wake;
      wake = null;
      resume?.();
    };
    port1.on('message', (_received: RecordsAck) => {
      pagesRead += 1;
      notify();
    });

    const task: RenderTask = { document, records: { title: records.title, columns: records.columns }, port: port2 };
    const result = pool.run(task, { transferList: [port2] });
    // The worker may fail before it has read every page; stop feeding it then.
    const finished = result.then(
      () => undefined,
      () => undefined,
    );
    void finished.then(() => {
      settled = true;
      notify();
    });

    let pagesSent = 0;
    try {
      for await (const page of records.pages) {
        if (settled) break;
        port1.postMessage(page);
        pagesSent += 1;
        while (!settled && pagesSent - pagesRead > PAGES_IN_FLIGHT) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      }
      if (!settled) port1.postMessage(null);
    } catch (error) {
      // Closing our end tells the worker the records ended early; it fails its task.
      port1.close();
      await finished;
      throw error;
    }
    try {
      return await result;
    } finally {
      port1.close();
    }
  }

  return {
    threads: maxThreads,
    async render(gathered) {
      if (gathered.records) return renderDetailed({ ...gathered, records: gathered.records });
      return pool.run({ document: gathered.document, records: null, port: null });
    },
    close: () => pool.close(),
  };
}

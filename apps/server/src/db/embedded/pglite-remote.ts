/**
 * The server thread's side of the PGlite worker: an object with the two methods
 * drizzle's PGlite driver calls (`query`, `transaction`), each sent to the
 * worker as a message. Services and drizzle never know the database is on
 * another thread.
 */
import { Worker } from 'node:worker_threads';
import {
  deserializeError,
  type QueryResult,
  type Request,
  type Response,
  type RowMode,
  type WorkerInit,
} from './pglite-protocol.js';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface QueryOptions {
  rowMode?: RowMode;
  parsers?: Record<number, unknown>;
}

/** What drizzle-orm/pglite's session uses of a PGlite instance (and of its transactions). */
export interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult & { rows: T[] }>;
}

export class PgliteRemote implements QueryClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private closing = false;
  /** Called once if the worker dies while the database is open (not on close()). */
  onFailure: ((error: Error) => void) | null = null;
  /** Called when a session, user, farm or membership row changed (migration 0009's triggers). */
  onPrincipalChange: (() => void) | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Response) => {
      if ('principalChange' in message) return this.onPrincipalChange?.();
      if (!('ok' in message)) return;
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(deserializeError(message.error));
    });
    const fail = (error: Error) => {
      if (!this.failure && !this.closing) this.onFailure?.(error);
      this.failure ??= error;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database worker stopped (exit code ${code})`)));
  }

  /** Starts the worker and waits until its database is open and migrated. */
  static async start(init: WorkerInit): Promise<PgliteRemote> {
    // A worker thread runs plain JS: the built file next to this one in dist, or, when
    // this module runs from source (vitest, tsx), the build of it (`npm test` builds first).
    const url = import.meta.url.endsWith('.ts')
      ? new URL('../../../dist/src/db/embedded/pglite-worker.js', import.meta.url)
      : new URL('./pglite-worker.js', import.meta.url);
    const transfer = init.loadDataDir ? [init.loadDataDir.buffer as ArrayBuffer] : [];
    const worker = new Worker(url, { workerData: init, transferList: transfer });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: Response) => {
        if (message.id !== 0 || !('ready' in message)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.ready) resolve();
        else reject(deserializeError(message.error));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteRemote(worker);
  }

  private call<T>(body: RequestBody, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...body, id } as Request, transfer);
    });
  }

  private send<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, txId?: number) {
    return this.call<QueryResult & { rows: T[] }>({
      op: 'query',
      sql,
      params: params ?? [],
      rowMode: options?.rowMode ?? 'object',
      rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
      ...(txId === undefined ? {} : { txId }),
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.send<T>(sql, params, options);
  }

  /** Holds the worker's database for the callback's queries only, as PGlite's own lock does. */
  async transaction<T>(callback: (tx: QueryClient) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: 'begin' });
    const tx: QueryClient = { query: (sql, params, options) => this.send(sql, params, options, txId) };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.call({ op: 'end', txId, commit: false });
      throw error;
    }
    await this.call({ op: 'end', txId, commit: true });
    return result;
  }

  dumpDataDir(): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: 'dump' });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}

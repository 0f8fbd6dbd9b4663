/**
 * The embedded database's own thread. PGlite runs every query on the thread
 * that calls it; here that is this worker, so a heavy read never blocks the
 * server's event loop (decision 012: on the main thread, two clients reading a
 * report starved every other route). One PGlite per process,
 * as the data-directory lock requires; the server's thread holds that lock.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PRINCIPAL_CHANGE_CHANNEL, serializeError, type QueryResult, type Request, type Response, type WorkerInit } from './pglite-protocol.js';
import { PreparedStatements } from './prepared-statements.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const init = workerData as WorkerInit;

const send = (message: Response, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** An open transaction: PGlite's own lock holds every other query until `finish` is called. */
interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  settled: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
let nextTxId = 1;

class Rollback extends Error {}

// The parsers drizzle asks for all keep the wire text (dates, timestamps, intervals,
// numeric arrays): functions cannot cross threads, so the client sends their type ids.
const keepText = (value: string) => value;
// Drizzle sends the same ones with every query; given once to PGlite here, a query
// needs none of its own (PGlite copies its whole parser table for any query that
// brings its own, a cost every small select paid; decision 012). Plain queries (Database.query)
// get these types as text too.
const DRIZZLE_TEXT_TYPES = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const textParsers = Object.fromEntries([...DRIZZLE_TEXT_TYPES].map((oid) => [oid, keepText]));

const announcePrincipalChange = () => send({ id: 0, principalChange: true });

async function open(): Promise<PGlite> {
  // The DOM's Blob (its types come with pdfmake's) takes only views of a plain ArrayBuffer, as this transferred one is.
  const pglite = await PGlite.create(init.dataDir, {
    parsers: textParsers,
    ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir as Uint8Array<ArrayBuffer>]) } : {}),
    ...(init.amcheck ? { extensions: { amcheck } } : {}),
  });
  await migrate(drizzle({ client: pglite }), { migrationsFolder: init.migrationsFolder });
  // PGlite calls this while it reads the changing statement's answer, so the message
  // reaches the server's thread before that answer does.
  await pglite.listen(PRINCIPAL_CHANGE_CHANNEL, announcePrincipalChange);
  return pglite;
}

function begin(pglite: PGlite): Promise<number> {
  return new Promise((resolveBegin, rejectBegin) => {
    const txId = nextTxId++;
    let started = false;
    const settled = pglite
      .transaction(async (tx) => {
        started = true;
        const outcome = new Promise<boolean>((resolve) => {
          transactions.set(txId, { tx, finish: resolve, settled });
        });
        resolveBegin(txId);
        const commit = await outcome;
        transactions.delete(txId);
        if (!commit) throw new Rollback();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          transactions.delete(txId);
          if (!started) return rejectBegin(error);
          // A failed COMMIT reaches the client through its 'end' request.
          if (!(error instanceof Rollback)) throw error;
        },
      );
  });
}

let prepared: PreparedStatements | undefined;

/** A query through a named prepared statement, under the locks PGlite's own `query` takes. */
function runQuery(pglite: PGlite, tx: Transaction | undefined, text: string, params: unknown[], options: QueryOptions): Promise<Results<unknown>> {
  if (!PreparedStatements.handles(text)) return (tx ?? pglite).query(text, params, options);
  if (!prepared) {
    prepared = new PreparedStatements(pglite);
    // Its answers bypass PGlite's reader, and so PGlite's listeners.
    prepared.onNotification = (channel) => {
      if (channel === PRINCIPAL_CHANGE_CHANNEL) announcePrincipalChange();
    };
  }
  const statements = prepared;
  const run = () => pglite._runExclusiveQuery(() => statements.run(text, params, options));
  // Inside a transaction its lock is already held; outside, wait for any open one to end.
  return tx ? run() : pglite._runExclusiveTransaction(run);
}

async function handle(pglite: PGlite, request: Request): Promise<{ value?: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query': {
      const open = request.txId === undefined ? undefined : transactions.get(request.txId);
      if (request.txId !== undefined && !open) throw new Error(`No open transaction ${request.txId}`);
      const extra = request.rawTypes.filter((oid) => !DRIZZLE_TEXT_TYPES.has(oid));
      const options = extra.length ? { rowMode: request.rowMode, parsers: Object.fromEntries(extra.map((oid) => [oid, keepText])) } : { rowMode: request.rowMode };
      const result = await runQuery(pglite, open?.tx, request.sql, request.params, options);
      const value: QueryResult = { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      return { value };
    }
    case 'begin':
      return { value: await begin(pglite) };
    case 'end': {
      const open = transactions.get(request.txId);
      if (!open) throw new Error(`No open transaction ${request.txId}`);
      open.finish(request.commit);
      await open.settled;
      return {};
    }
    case 'dump': {
      const bytes = new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      return { value: bytes, transfer: [bytes.buffer] };
    }
    case 'close':
      await pglite.close();
      return {};
  }
}

try {
  const pglite = await open();
  port.on('message', (request: Request) => {
    handle(pglite, request).then(
      ({ value, transfer }) => send({ id: request.id, ok: true, value }, transfer),
      (error: unknown) => send({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  send({ id: 0, ready: true });
} catch (error) {
  send({ id: 0, ready: false, error: serializeError(error) });
}

/**
 * Messages between the server's thread and the PGlite worker (pglite-worker.ts).
 * Plain data only: they cross a worker boundary by structured clone.
 */

export interface WorkerInit {
  /** A PGlite data directory or `memory://…`. */
  dataDir: string;
  migrationsFolder: string;
  loadDataDir?: Uint8Array | undefined;
  amcheck?: boolean | undefined;
}

export type RowMode = 'array' | 'object';

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: RowMode; rawTypes: number[]; txId?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields, kept so callers can still read `code` (23505 …) and `constraint`. */
export interface SerializedError {
  message: string;
  name?: string | undefined;
  code?: string | undefined;
  detail?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  severity?: string | undefined;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number | undefined;
}

export type Response =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: SerializedError }
  /** A NOTIFY on PRINCIPAL_CHANGE_CHANNEL, sent before the answer of the statement that caused it. */
  | { id: 0; principalChange: true };

/** The channel migration 0009's triggers notify when a session, user, farm or membership changes. */
export const PRINCIPAL_CHANGE_CHANNEL = 'kuku_principal_change';

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & Partial<Record<'code' | 'detail' | 'constraint' | 'table' | 'column' | 'severity', string>>;
  return {
    message: e.message,
    name: e.name,
    code: e.code,
    detail: e.detail,
    constraint: e.constraint,
    table: e.table,
    column: e.column,
    severity: e.severity,
  };
}

export function deserializeError(serialized: SerializedError): Error {
  const { message, name, ...fields } = serialized;
  const error = new Error(message);
  if (name) error.name = name;
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(error, { [key]: value });
  return error;
}

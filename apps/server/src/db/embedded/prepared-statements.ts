/**
 * Named prepared statements for the embedded database, kept per query text, as
 * postgres.js and JDBC drivers do on their connections (docs/decisions/018).
 *
 * PGlite's `query()` parses, describes and plans every call afresh, in five
 * calls into its WebAssembly module. The same queries come back thousands of
 * times (drizzle writes one text per query shape, values as $n), so the first
 * call of a text parses it once under a name and later calls only bind and
 * execute it, in one call: PostgreSQL keeps the plan, a generic one once it is
 * no worse than custom plans (plancache.c). Parsing and planning were most of a
 * hot read's cost here; decision 018 has the measurements.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

interface Statement {
  name: string;
  /** The type of each $n, from PostgreSQL's own parameter description. */
  paramTypes: number[];
}

/** Only these are planned and worth keeping; utility statements (VACUUM, SET …) are not. */
const PLANNABLE = /^\s*(?:select|with|insert|update|delete)\b/i;
/** A plan that no longer fits its tables (a column changed under it): parse again. */
const STALE_PLAN = 'cached plan must not change result type';

function isNotification(message: unknown): message is { channel: string; payload: string } {
  return typeof message === 'object' && message !== null && (message as { name?: string }).name === 'notification';
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export class PreparedStatements {
  /** Query text → statement, least recently used first (Map keeps insertion order). */
  readonly #statements = new Map<string, Statement>();
  #nextName = 1;
  /** LISTEN notifications that arrive with a statement's answer (PGlite's own listeners do not see them here). */
  onNotification: ((channel: string, payload: string) => void) | null = null;

  constructor(
    private readonly pglite: PGlite,
    /** Each statement holds its parse tree and plan in the database's memory. */
    readonly capacity = 500,
  ) {}

  get size(): number {
    return this.#statements.size;
  }

  /** Whether `run` would use a named statement for this text (else use PGlite's `query`). */
  static handles(text: string): boolean {
    return PLANNABLE.test(text);
  }

  /**
   * Runs `text` as PGlite's `query(text, params, options)` would and answers the same
   * result. The caller holds PGlite's locks: outside a transaction its transaction
   * lock as well as its query lock, inside one the query lock only, as `query` does.
   */
  async run<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const statement = await this.#statementFor(text);
    try {
      return await this.#execute<T>(statement, params, options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw error;
      await this.#forget(text, statement);
      return this.#execute<T>(await this.#statementFor(text), params, options);
    }
  }

  async #statementFor(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      // Most recently used goes last.
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    const name = `kuku_${this.#nextName++}`;
    const { messages } = await this.pglite.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    if (this.#statements.size > this.capacity) {
      const [oldestText, oldest] = this.#statements.entries().next().value as [string, Statement];
      await this.#forget(oldestText, oldest);
    }
    return statement;
  }

  async #execute<T>(statement: Statement, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      const serializer = options.serializers?.[oid] ?? this.pglite.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    const chunks: Buffer[] = [];
    await this.pglite.execProtocolRawStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        // The portal's row description carries the column names and types the parsers need.
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // The chunk is a view of the database's memory: copy it before the next call.
      { onRawData: (chunk) => void chunks.push(Buffer.from(chunk)) },
    );
    return this.#read<T>(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), options);
  }

  /**
   * The answer's messages, read as PGlite's parseResults reads them, field values
   * decoded straight from the buffer: PGlite's own reader copies every field into a
   * new ArrayBuffer first, which dominated this thread on list pages (decision 018).
   */
  #read<T>(answer: Buffer, options: QueryOptions): Results<T> {
    const parsers = options.parsers ? { ...this.pglite.parsers, ...options.parsers } : this.pglite.parsers;
    const asArrays = options.rowMode === 'array';
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: unknown[] = [];
    let result: Results<T> | undefined;
    let error: Error | undefined;
    for (let at = 0; at < answer.length; ) {
      const type = answer[at]!;
      const end = at + 1 + answer.readInt32BE(at + 1);
      let i = at + 5;
      switch (type) {
        case 0x54: {
          // RowDescription: per field a name, then table, column, type, size, modifier, format.
          const count = answer.readInt16BE(i);
          i += 2;
          fields = [];
          for (let f = 0; f < count; f++) {
            const nul = answer.indexOf(0, i);
            const name = answer.toString('utf8', i, nul);
            fields.push({ name, dataTypeID: answer.readInt32BE(nul + 7) });
            i = nul + 19;
          }
          break;
        }
        case 0x44: {
          // DataRow: per field a length (-1 for null) and the text.
          const count = answer.readInt16BE(i);
          i += 2;
          const row: unknown[] | Record<string, unknown> = asArrays ? new Array(count) : {};
          for (let f = 0; f < count; f++) {
            const length = answer.readInt32BE(i);
            i += 4;
            let value: unknown = null;
            if (length >= 0) {
              const text = answer.toString('utf8', i, i + length);
              i += length;
              const typeId = fields[f]?.dataTypeID ?? 0;
              const parser = parsers[typeId];
              value = parser ? parser(text, typeId) : text;
            }
            if (asArrays) (row as unknown[])[f] = value;
            else (row as Record<string, unknown>)[fields[f]?.name ?? String(f)] = value;
          }
          rows.push(row);
          break;
        }
        case 0x43: {
          // CommandComplete: "SELECT 10", "INSERT 0 1", "UPDATE 3" …
          const words = answer.toString('utf8', i, end - 1).split(' ');
          const command = words[0] ?? '';
          const n = Number.parseInt(words[words.length - 1] ?? '', 10);
          const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? n : 0;
          result = { rows: rows as T[], fields, command, affectedRows, ...(Number.isNaN(n) ? {} : { rowCount: n }) } as Results<T>;
          break;
        }
        case 0x45: // ErrorResponse: PGlite's reader makes the DatabaseError (code, constraint …).
        case 0x41: // NotificationResponse: PGlite's reader hands it to its listeners.
          this.#readWithPglite(answer.subarray(at, end), (message) => {
            if (message instanceof Error) error ??= message;
            else if (isNotification(message)) this.onNotification?.(message.channel, message.payload);
          });
          break;
        default: // BindComplete, NoData, ReadyForQuery, notices: nothing to keep.
      }
      at = end;
    }
    if (error) throw error;
    return result ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<T>);
  }

  #readWithPglite(message: Buffer, onMessage: (message: unknown) => void): void {
    new protocol.Parser().parse(message, onMessage);
  }

  async #forget(text: string, statement: Statement): Promise<void> {
    this.#statements.delete(text);
    await this.pglite.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]));
  }
}

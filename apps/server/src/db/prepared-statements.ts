/**
 * Named prepared statements for the embedded database, kept per query text, as
 * postgres.js and JDBC drivers do on their connections (docs/decisions/018).
 *
 * PGlite's `query()` parses, describes and plans every call afresh, in five
 * calls into its WebAssembly module. The same queries come back thousands of
 * times (drizzle writes one text per query shape, values as $n), so the first
 * call of a text parses it once under a name and later calls only bind and
 * execute it, in one call: PostgreSQL keeps the plan, a generic one once it is
 * no worse than custom plans (plancache.c). Measured in this worker on the
 * 1,000-flock farm: a primary-key select 265 → 36 µs, the session lookup
 * 414 → 105 µs, the flock list page 926 → 439 µs.
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
    const { messages } = await this.pglite.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        // The portal's row description carries the column names and types the parsers need.
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(messages, this.pglite.parsers, options);
    if (!result) throw new Error('the prepared statement answered no result');
    return result as Results<T>;
  }

  async #forget(text: string, statement: Statement): Promise<void> {
    this.#statements.delete(text);
    await this.pglite.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]));
  }
}

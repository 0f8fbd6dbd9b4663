import { errorStatus } from '@kuku/domain';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { createTestApp, type TestAppOptions } from '../app.js';

/** A zod schema as a route carries it (classic zod or zod/mini: both are zod 4 core types). */
export type RouteSchema = z.core.$ZodType;

/** One /api route as Fastify registered it, with the schemas it validates against. */
export interface ApiRoute {
  /** 'METHOD /path', e.g. 'PUT /api/flocks/:id': the key of the matrix's table. */
  key: string;
  method: string;
  url: string;
  /** The path's parameter names, in order. */
  params: string[];
  public: boolean;
  idempotent: boolean;
  schema: { params?: RouteSchema; querystring?: RouteSchema; body?: RouteSchema; response?: Record<string, RouteSchema> };
}

/** Every object field name a schema can answer, at any depth (the money check reads them). */
export function fieldNames(schema: RouteSchema | undefined, into = new Set<string>()): Set<string> {
  if (!schema) return into;
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'object') {
    for (const [name, inner] of Object.entries(def.shape as Record<string, RouteSchema>)) {
      into.add(name);
      fieldNames(inner, into);
    }
  }
  // Wrappers and containers: optional, nullable, default, pipe, array, union.
  for (const key of ['innerType', 'element', 'in', 'out'] as const) if (def[key]) fieldNames(def[key] as RouteSchema, into);
  if (Array.isArray(def.options)) for (const option of def.options as RouteSchema[]) fieldNames(option, into);
  return into;
}

/**
 * The test app with the list of its /api routes, taken from Fastify's onRoute
 * hook as they are added: a route registered anywhere under /api is in the list.
 */
export async function createAppWithRoutes(options: TestAppOptions = {}): Promise<{ app: FastifyInstance; routes: ApiRoute[] }> {
  const byKey = new Map<string, ApiRoute>();
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route for each GET with the same options and hooks: the GET covers it.
      if (method === 'HEAD') continue;
      const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
      const key = `${method} ${url}`;
      const schema = (route.schema ?? {}) as ApiRoute['schema'];
      byKey.set(key, {
        key,
        method,
        url,
        params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? ''),
        public: route.config?.public === true,
        idempotent: route.config?.idempotent === true,
        schema: { params: schema.params, querystring: schema.querystring, body: schema.body, response: schema.response },
      });
    }
  };
  const app = await createTestApp({ ...options, onRoute: collect });
  // The payment simulators run in the app and are called over HTTP: it listens on a real port.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const routes = [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { app, routes };
}

/** A route path ('/api/flocks/:id') with its :params filled in (values already URL-encoded if need be). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => String(values[name] ?? '1'));
}

/**
 * What is wrong with an error answer, or null when it has the shape of
 * docs/design.md §5: JSON `{ error: { code, message, fields? } }`, a known code, a
 * message a person can read.
 */
export function errorShapeProblem(res: InjectResponse): string | null {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `content-type ${String(res.headers['content-type'])}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return 'the body is not JSON';
  }
  const error = (parsed as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (!error || typeof error !== 'object' || Object.keys(parsed as object).length !== 1) return 'no lone `error` object';
  if (typeof error.code !== 'string' || !(error.code in errorStatus)) return `unknown code ${String(error.code)}`;
  if (typeof error.message !== 'string' || error.message.trim() === '') return 'no message';
  if (error.fields !== undefined) {
    if (!error.fields || typeof error.fields !== 'object') return 'fields is not an object';
    for (const [field, message] of Object.entries(error.fields)) {
      if (typeof message !== 'string' || message.trim() === '') return `no message for field ${field}`;
    }
  }
  return null;
}

interface TableInfo {
  name: string;
  hasFarmId: boolean;
  hasCreatedBy: boolean;
}

/** The schema is migrated before a test starts and never changes in one: read once per app. */
const tablesOf = new WeakMap<FastifyInstance, Promise<TableInfo[]>>();

function tables(app: FastifyInstance): Promise<TableInfo[]> {
  let found = tablesOf.get(app);
  if (!found) {
    found = readTables(app);
    tablesOf.set(app, found);
  }
  return found;
}

async function readTables(app: FastifyInstance): Promise<TableInfo[]> {
  const rows = await app.database.query<{ name: string; farm_id: boolean; created_by: boolean }>(
    `select t.table_name as name,
       exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'farm_id') as farm_id,
       exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'created_by') as created_by
     from information_schema.tables t
     where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
     order by t.table_name`,
  );
  return rows.map((r) => ({ name: r.name, hasFarmId: r.farm_id, hasCreatedBy: r.created_by }));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const digest = (from: string) => `select count(*)::int as n, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as h from ${from}`;

/** Row count and checksum per table: two equal snapshots mean no row was added, changed or removed. */
export type Snapshot = Record<string, string>;

/** Every table of the database, or all but `exclude` (each exclusion says why where it is made). */
export async function databaseSnapshot(app: FastifyInstance, exclude: readonly string[] = []): Promise<Snapshot> {
  // A report asked for earlier is still being made: its row changes when it is ready, not because of the request looked at.
  await app.reportJobs.idle();
  const names = (await tables(app)).map((t) => t.name).filter((n) => !exclude.includes(n));
  const sql = names.map((n) => `select ${quoteLiteral(n)} as name, x.n, x.h from (${digest(`${quote(n)} t`)}) x`).join(' union all ');
  const rows = await app.database.query<{ name: string; n: number; h: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** One farm's rows in every table with a farm_id, and its members' user rows. */
export async function farmSnapshot(app: FastifyInstance, farmId: number): Promise<Snapshot> {
  await app.reportJobs.idle();
  const id = Math.trunc(farmId);
  const parts = (await tables(app))
    .filter((t) => t.hasFarmId)
    .map((t) => `select ${quoteLiteral(t.name)} as name, x.n, x.h from (${digest(`${quote(t.name)} t where t.farm_id = ${id}`)}) x`);
  parts.push(
    `select 'users' as name, x.n, x.h from (${digest(`users t where t.id in (select user_id from farm_members where farm_id = ${id})`)}) x`,
    `select 'farms' as name, x.n, x.h from (${digest(`farms t where t.id = ${id}`)}) x`,
  );
  const rows = await app.database.query<{ name: string; n: number; h: string }>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** Rows of `farmId` that name `userId` as their creator, in every table with both columns. */
export async function rowsCreatedBy(app: FastifyInstance, farmId: number, userId: number): Promise<number> {
  const parts = (await tables(app))
    .filter((t) => t.hasFarmId && t.hasCreatedBy)
    .map((t) => `select count(*)::int as n from ${quote(t.name)} where farm_id = ${Math.trunc(farmId)} and created_by = ${Math.trunc(userId)}`);
  if (parts.length === 0) return 0;
  const rows = await app.database.query<{ n: number }>(parts.join(' union all '));
  return rows.reduce((sum, r) => sum + Number(r.n), 0);
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

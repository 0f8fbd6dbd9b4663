import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { ApiRoute, RouteSchema } from './api-routes.js';

/**
 * Arbitraries for bad and hostile requests, built from a route's own zod
 * schemas (through their JSON Schema), and the oracle that says whether the
 * server must refuse a request: it parses the request as Fastify does and
 * runs the route's schemas on it.
 */

/** The parts of JSON Schema that zod's toJSONSchema writes for our schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export function jsonSchemaOf(schema: RouteSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  // Refinements (dates, phone numbers) have no JSON Schema: the oracle still runs them through zod.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** JSON text that JSON.stringify cannot write: 1e999, NaN, -0, a 100,000-deep array. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with RawJson values written as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const nonce = randomUUID();
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `${nonce}:${raws.length - 1}`;
    }
    return v;
  });
  if (text === undefined) return '';
  return raws.length === 0 ? text : text.replace(new RegExp(`"${nonce}:(\\d+)"`, 'g'), (_, i: string) => raws[Number(i)] ?? 'null');
}

/** An object with exactly these own keys, `__proto__` included (a literal would set the prototype instead). */
export function objectOf(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

// ---------------------------------------------------------------------------
// Hostile values

export const IMPOSSIBLE_DATES = [
  '2023-02-29 10:00:00',
  '2024-02-30 10:00:00',
  '2024-04-31 00:00:00',
  '2024-13-01 00:00:00',
  '2024-00-10 00:00:00',
  '2024-01-00 00:00:00',
  '2024-01-32 00:00:00',
  '2024-01-01 24:00:00',
  '2024-01-01 23:60:00',
  '2024-01-01 23:59:60',
  '0000-00-00 00:00:00',
  '-001-01-01 00:00:00',
  '+275760-09-14 00:00:00',
  '275760-09-14 00:00:00',
  '99999-01-01 00:00:00',
  '2024-1-1 0:0:0',
  '2024-01-01T00:00:00Z',
  '2024-01-01T00:00:00.000+03:00',
  '2024/01/01 00:00:00',
  '01-01-2024 00:00:00',
  '2024-01-01',
  '2024-01-01 00:00',
  '2024-01-01 00:00:00.123',
  ' 2024-01-01 00:00:00 x',
  '２０２４-０１-０１ ００:００:００',
  'Invalid Date',
  '1e12',
];

/** Dates that parse: the extremes a column or a date library may still choke on. */
export const EXTREME_VALID_DATES = ['1970-01-01 00:00:00', '0001-01-01 00:00:00', '1900-02-28 23:59:59', '2024-02-29 12:00:00', '9999-12-31 23:59:59'];

export const NASTY_STRINGS = [
  '',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31mred',
  '\ud800',
  '\udc00',
  'x\ud83d',
  '🐔',
  '🐔'.repeat(60),
  '👨‍👩‍👧‍👦',
  'e\u0301',
  '\u202eevil',
  '\u200b',
  '\ufeff',
  '\uffff',
  'ﷺ',
  '𝕂𝕦𝕜𝕦',
  'Ḱ̶̢̦ü̴̖k̷̡̜u̵',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '%_\\',
  "'; drop table flocks; --",
  "' or 1=1 --",
  '$1',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1,000',
  '１２３',
  '٣',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'LAYERS',
  ' Layers ',
  'Ｌａｙｅｒｓ',
  'Pending\u200b',
  'a@b',
  '@',
  '"quoted"@example.com',
  'a..b@example.com',
  'ü@例え.jp',
  'user@[127.0.0.1]',
  `${'a'.repeat(250)}@example.com`,
  '0712345678\u0000',
  '+254 712 345 678',
  '07123456789012345678901234567890123',
  ...IMPOSSIBLE_DATES,
];

/** Numbers (and number-like JSON) that break naive code: fractions, overflows, non-finite values. */
export const NASTY_NUMBERS: unknown[] = [
  -1,
  -0.5,
  0.5,
  1.5,
  2.5,
  1e-7,
  -2147483649,
  2147483648,
  4294967296,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('-0'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1.0000000000000000000000001'),
];

/** Number tokens JSON does not allow: the body becomes malformed. */
export const MALFORMED_NUMBERS = ['NaN', 'Infinity', '-Infinity', '0x10', '01', '1.', '.5', '+1', '1_000', '１'];

const WRONG_TYPE_VALUES: unknown[] = [null, true, false, 0, 1, -1, '', 'x', '1', [], [1], ['x'], [null], {}, { a: 1 }, [[[]]]];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof RawJson) return 'number';
  return typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
}

function allowedTypes(js: JsonSchema): Set<string> {
  const types = new Set<string>();
  const add = (s: JsonSchema) => {
    for (const t of [s.type ?? []].flat()) types.add(t);
    if (s.enum) for (const v of s.enum) types.add(typeOf(v));
    for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) add(sub);
  };
  add(js);
  if (types.has('number')) types.add('integer');
  if (types.has('integer')) types.add('number');
  return types;
}

// Large, not oversized: bodies past the 1 MB limit are one explicit case per route (bad-input.test.ts).
const hugeString = fc.oneof(
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 500, max: 5_000 }).map((n) => '🐔'.repeat(n)),
);

/** Any string a client could send, hostile ones first. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

/** False for a string with a lone surrogate half: it has no UTF-8 form, so no URL can carry it. */
function wellFormed(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

/** Strings that survive a URL (no lone surrogates) and stay short enough for a path. */
export const urlSafeHostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS.filter((s) => wellFormed(s) && s.length < 60)) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
);

function deepNesting(depth: number, kind: 'array' | 'object', innermost = '1'): RawJson {
  return kind === 'array'
    ? new RawJson(`${'['.repeat(depth)}${innermost}${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}${innermost}${'}'.repeat(depth)}`);
}

/** Inside a field: deep enough to trip a recursive walker's stack, small enough to send often. */
const deepValue = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('array' as const, 'object' as const))
  .map(([n, kind]) => deepNesting(n, kind));
// The whole body: up to 100,000 levels, still under the 1 MB body limit.
const depth = fc.oneof(fc.integer({ min: 50, max: 2_000 }), fc.integer({ min: 2_000, max: 100_000 }));

/** Keys that pollute prototypes or claim another tenant, with values to match. */
const hostileEntry: fc.Arbitrary<readonly [string, unknown]> = fc.oneof(
  fc.constant(['__proto__', { polluted: true, isAdmin: true }] as const),
  fc.constant(['constructor', { prototype: { polluted: true } }] as const),
  fc.constant(['prototype', { polluted: true }] as const),
  fc.tuple(
    fc.constantFrom('farm_id', 'farmId', 'user_id', 'role', 'isAdmin', 'id', '', ' ', '🐔', 'a.b', '$where', 'toString', 'hasOwnProperty', 'valueOf'),
    fc.oneof(fc.constantFrom(...WRONG_TYPE_VALUES), hostileString.filter((s) => s.length < 1_000)),
  ),
);

// ---------------------------------------------------------------------------
// Values from a JSON Schema

const eggDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString().slice(0, 10), d.toISOString()));

/**
 * Formats zod checks with refinements that JSON Schema cannot carry, by field
 * name: used only to build valid bases, so that one broken field is the
 * request's only fault.
 */
const FORMAT_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.emailAddress().filter((e) => e.length <= 254),
  date: fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 19).replace('T', ' ')),
  phone_number: fc.stringMatching(/^07\d{8}$/),
  // Egg days: 'YYYY-MM-DD' or the ISO instant the product's client sends (the farm's zone and "not after today" are the service's).
  date_produced: eggDay,
  date_adjusted: eggDay,
};

/**
 * A value the schema accepts. With `hostile`, strings are drawn from the hostile
 * pool as well (the oracle keeps the ones that still pass): NUL, lone
 * surrogates, RTL marks, extreme dates, SQL and template text.
 */
export function validFor(js: JsonSchema, name = '', hostile = false): fc.Arbitrary<unknown> {
  const hint = FORMAT_HINTS[name];
  if (hint) return hostile ? fc.oneof(hint, fc.constantFrom(...EXTREME_VALID_DATES), hostileString) : hint;
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validFor(s, name, hostile)));
  switch ([js.type].flat()[0]) {
    case 'string': {
      const min = Math.max(1, js.minLength ?? 1);
      const max = Math.max(min, Math.min(js.maxLength ?? 30, 30));
      const plain = js.pattern
        ? fc.stringMatching(new RegExp(js.pattern)).filter((s) => s.length >= min && s.length <= (js.maxLength ?? Infinity))
        : fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]*[A-Za-z0-9]$|^[A-Za-z0-9]$/).filter((s) => s.length >= min && s.length <= max);
      if (!hostile) return plain;
      const fits = (s: string) => s.trim().length >= (js.minLength ?? 0) && s.length <= (js.maxLength ?? 100_000);
      return fc.oneof(plain, hostileString.filter(fits), fc.string({ unit: 'binary', minLength: min, maxLength: js.maxLength ?? 200 }));
    }
    case 'integer':
      return fc.integer({ min: js.minimum ?? 0, max: js.maximum ?? (js.exclusiveMaximum === undefined ? 1_000 : js.exclusiveMaximum - 1) });
    case 'number':
      return fc.double({ min: js.minimum ?? 0, max: js.maximum ?? 1_000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(js.items ? validFor(js.items, '', hostile) : fc.constant(1), { minLength: js.minItems ?? 0, maxLength: Math.min(js.maxItems ?? 3, 3) });
    case 'object':
      return validObject(js, hostile);
    default:
      return fc.constant('x');
  }
}

export function validObject(js: JsonSchema, hostile = false): fc.Arbitrary<Record<string, unknown>> {
  const properties = js.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validFor(s, k, hostile)]));
  return fc.record(model, { requiredKeys: (js.required ?? []).filter((k) => k in model) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value this schema must refuse (the oracle checks: a few turn out valid, and are told apart). */
export function invalidFor(js: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = allowedTypes(js);
  const wrongType = fc.constantFrom(...WRONG_TYPE_VALUES.filter((v) => !allowed.has(typeOf(v))), new RawJson('NaN'));
  const options: fc.Arbitrary<unknown>[] = [wrongType, deepValue];
  if (js.enum || allowed.has('string')) {
    options.push(hostileString);
    const enumValues = (js.enum ?? []).filter((v): v is string => typeof v === 'string');
    if (enumValues.length > 0) {
      options.push(fc.constantFrom(...enumValues).chain((v) => fc.constantFrom(v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}\u200b`, `${v}\u0000`, v.slice(1))));
    }
    if (js.maxLength !== undefined) options.push(fc.integer({ min: js.maxLength + 1, max: js.maxLength + 40 }).map((n) => 'x'.repeat(n)));
  }
  if (allowed.has('integer') || allowed.has('number')) {
    const below = js.minimum ?? js.exclusiveMinimum;
    const above = js.maximum ?? js.exclusiveMaximum;
    options.push(fc.constantFrom(...NASTY_NUMBERS));
    options.push(fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map((n) => n + 0.5)));
    if (below !== undefined) options.push(fc.constantFrom(below - 1, below - 0.5, below - 1e9));
    if (above !== undefined) options.push(fc.constantFrom(above + 1, above + 0.5, above * 1e6 + 1));
    options.push(fc.integer({ min: 0, max: 100 }).map(String));
  }
  if (allowed.has('boolean')) options.push(fc.constantFrom('true', 'false', 1, 0, 'yes'));
  if (allowed.has('array')) {
    const item = js.items ?? {};
    options.push(fc.array(invalidFor(item), { minLength: 1, maxLength: 4 }));
    if (js.maxItems !== undefined) options.push(fc.array(validFor(item), { minLength: js.maxItems + 1, maxLength: js.maxItems + 5 }));
    if ((js.minItems ?? 0) > 0) options.push(fc.constant([]));
    options.push(fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, () => 1)));
  }
  if (allowed.has('object')) options.push(invalidObject(js));
  return fc.oneof(...options);
}

/** A valid object of this schema with one to three fields broken, dropped or joined by hostile keys. */
export function invalidObject(js: JsonSchema): fc.Arbitrary<unknown> {
  const properties = js.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.array(hostileEntry, { minLength: 1, maxLength: 3 }).map((entries) => objectOf(entries));
  const change = fc.constantFrom(...keys).chain((key) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant({ key, drop: true as const }) },
      { weight: 4, arbitrary: invalidFor(properties[key] ?? {}).map((value) => ({ key, drop: false as const, value })) },
    ),
  );
  return fc
    .tuple(validObject(js), fc.array(change, { minLength: 1, maxLength: 3 }), fc.array(hostileEntry, { maxLength: 2 }))
    .map(([base, changes, extra]) => {
      const entries = new Map<string, unknown>(Object.entries(base));
      for (const c of changes) {
        if (c.drop) entries.delete(c.key);
        else entries.set(c.key, c.value);
      }
      for (const [k, v] of extra) entries.set(k, v);
      return objectOf(entries);
    });
}

// ---------------------------------------------------------------------------
// Requests

export interface FuzzBody {
  /** undefined: no content-type header at all. */
  contentType: string | undefined;
  payload: string;
}

export interface FuzzRequest {
  /** Raw path segments, already %-encoded (or deliberately broken). */
  params: Record<string, string>;
  /** Decoded query pairs; a key may repeat. */
  query: [string, string][];
  body?: FuzzBody;
  headers: Record<string, string>;
  /** The branch that made it, for the report. */
  kind: string;
}

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/jsonx',
  'application/graphql',
  'image/png',
];

/** Ways to break JSON text that was valid. */
function malformed(text: string): fc.Arbitrary<string> {
  const at = fc.nat({ max: Math.max(0, text.length - 1) });
  return fc.oneof(
    at.map((i) => text.slice(0, i)),
    at.map((i) => `${text.slice(0, i)}${text.slice(i + 1)}`),
    fc.tuple(at, fc.constantFrom('"', '{', '}', '[', ']', ',', ':', '\\', '\u0001', "'")).map(([i, c]) => `${text.slice(0, i)}${c}${text.slice(i)}`),
    fc.constantFrom(...MALFORMED_NUMBERS).map((n) => (text.startsWith('{"') ? text.replace(/^\{/, `{"n":${n},`) : n)),
    fc.constant(text.replaceAll('"', "'")),
    fc.constant(`${text},`),
    fc.constant(`${text}${text}`),
    fc.constant(`${text.replace(/\}$/, ',}')}`),
    fc.constant(text.replace(/"([A-Za-z_]+)":/g, '$1:')),
    fc.constant(`// comment\n${text}`),
    fc.constant(`{"s":"bad \\x41 escape"}`),
    fc.constant(`{"s":"raw \u0001 control"}`),
    fc.constant('{"__proto__":{"polluted":true}}'),
    fc.constant('{"a":{"constructor":{"prototype":{"polluted":true}}}}'),
    fc.constantFrom('', ' ', 'null x', 'undefined', '{', '}', '[', '"', '\ufeff', '\ufeff{', '\u0000'),
  );
}

/** A request body for this schema: broken fields, wrong shapes, deep nesting, bad JSON, wrong content types. */
export function bodyArb(js: JsonSchema | undefined): fc.Arbitrary<{ body: FuzzBody; kind: string }> {
  const json = (value: unknown, kind: string) => ({ body: { contentType: 'application/json', payload: toJsonText(value) }, kind });
  const base = js ? validFor(js) : fc.constant({});
  const branches: fc.WeightedArbitrary<{ body: FuzzBody; kind: string }>[] = [
    { weight: 2, arbitrary: fc.constantFrom(null, true, 0, -1, 'a string', '', [], [{}], [[]]).map((v) => json(v, 'wrong body type')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(depth, fc.constantFrom('array' as const, 'object' as const), fc.constantFrom('1', '{"__proto__":1}', '"\\u0000"'), fc.boolean())
        .map(([n, kind, innermost, wrap]) => json(wrap ? { nested: deepNesting(n, kind, innermost) } : deepNesting(n, kind, innermost), 'deep nesting')),
    },
    { weight: 3, arbitrary: base.chain((v) => malformed(toJsonText(v))).map((payload) => ({ body: { contentType: 'application/json', payload }, kind: 'malformed JSON' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.option(fc.constantFrom(...OTHER_CONTENT_TYPES), { nil: undefined }))
        .map(([v, contentType]) => ({ body: { contentType, payload: toJsonText(v) || 'x' }, kind: 'wrong content type' })),
    },
  ];
  if (js?.properties && Object.keys(js.properties).length > 0) {
    branches.push({ weight: 12, arbitrary: invalidObject(js).map((v) => json(v, 'broken fields')) });
  } else {
    branches.push({ weight: 2, arbitrary: fc.array(hostileEntry, { minLength: 1, maxLength: 3 }).map((e) => json(objectOf(e), 'hostile keys')) });
  }
  return fc.oneof(...branches);
}

/** A path segment: one of the caller's ids, any id, or something that is no id at all. */
export function segmentArb(validIds: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validIds.length > 0 ? fc.constantFrom(...validIds.map(String)) : fc.constant('1') },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }).map(String) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        'abc',
        '2147483648',
        '99999999999999999999',
        '1e3',
        '1e400',
        '0x10',
        '%201',
        '%20',
        '%00',
        '1%00',
        '%2F',
        '%F0%9F%90%94',
        '%E0%A4%A',
        '%',
        '%%',
        'NaN',
        'Infinity',
        '-0',
        '1,2',
        '%5B1%5D',
        'true',
        'null',
        '__proto__',
        'constructor',
        'x'.repeat(150),
        '1'.repeat(150),
      ),
    },
    { weight: 2, arbitrary: urlSafeHostileString.filter((s) => s !== '' && s !== '.' && s !== '..').map((s) => encodeURIComponent(s)) },
  );
}

/** Query pairs for this schema: each known key absent, valid, broken or repeated, plus hostile extra keys. */
export function queryArb(js: JsonSchema | undefined): fc.Arbitrary<[string, string][]> {
  const properties = js?.properties ?? {};
  const asText = (v: unknown) => (v instanceof RawJson ? v.text : typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  const perKey = Object.entries(properties).map(([key, s]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as [string, string][]) },
      { weight: 2, arbitrary: validFor(s, key).map((v) => [[key, asText(v)]] as [string, string][]) },
      {
        weight: 3,
        arbitrary: fc
          .oneof(invalidFor(s).filter((v) => typeof v !== 'string' || (wellFormed(v) && v.length < 2_000)), urlSafeHostileString)
          .map((v) => [[key, asText(v)]] as [string, string][]),
      },
      { weight: 1, arbitrary: fc.tuple(validFor(s, key), validFor(s, key)).map(([a, b]) => [[key, asText(a)], [key, asText(b)]] as [string, string][]) },
    ),
  );
  const extra = fc.array(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'farm_id', 'a[b]', 'x', '🐔', ''), urlSafeHostileString),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...perKey), extra).map(([parts, more]) => [...parts.flat(), ...more]);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A whole bad request for the route, built from its schemas. */
export function requestArb(route: ApiRoute, validIds: readonly number[]): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(Object.fromEntries(route.params.map((p) => [p, segmentArb(validIds)]))) as fc.Arbitrary<Record<string, string>>;
  const query = queryArb(jsonSchemaOf(route.schema.querystring));
  const headers: fc.Arbitrary<Record<string, string>> = route.idempotent
    ? fc.option(fc.constantFrom('', ' ', 'a b', 'x'.repeat(300), 'key-1', '\t'), { nil: undefined }).map((k) =>
        k === undefined ? {} : { 'idempotency-key': k },
      )
    : fc.constant({});
  const body = BODY_METHODS.has(route.method)
    ? fc.option(bodyArb(jsonSchemaOf(route.schema.body)), { nil: undefined, freq: route.schema.body ? 12 : 3 })
    : fc.constant(undefined);
  return fc.record({ params, query, body, headers }).map(({ params: p, query: q, body: b, headers: h }) => ({
    params: p,
    query: q,
    headers: h,
    ...(b ? { body: b.body } : {}),
    kind: b?.kind ?? (route.params.length > 0 ? 'params/query' : 'query'),
  }));
}

/** The request's URL: path segments as given, query pairs %-encoded. */
export function requestUrl(route: ApiRoute, req: FuzzRequest): string {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => req.params[name] ?? '1');
  const query = req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

// ---------------------------------------------------------------------------
// The oracle

/** What Fastify's secure JSON parser refuses: a `__proto__` key, or `constructor` holding `prototype`. */
function poisoned(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      stack.push(...(v as unknown[]));
      continue;
    }
    if (Object.hasOwn(v, '__proto__')) return true;
    const ctor = (v as Record<string, unknown>).constructor;
    if (Object.hasOwn(v, 'constructor') && ctor && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    stack.push(...Object.values(v));
  }
  return false;
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const BODY_LIMIT = 1024 * 1024;

/**
 * 'invalid' when the server must refuse the request as bad input, 'valid'
 * when the route's schemas accept it (the service may still say 404 or 409).
 */
export function verdict(route: ApiRoute, req: FuzzRequest): 'invalid' | 'valid' {
  const params = Object.create(null) as Record<string, string>;
  for (const name of route.params) {
    const raw = req.params[name] ?? '';
    const decoded = decodeSegment(raw);
    if (decoded === null || decoded.length > 100 || raw.length > 100) return 'invalid';
    params[name] = decoded;
  }
  if (route.schema.params && !z.safeParse(route.schema.params, params).success) return 'invalid';

  let body: unknown;
  if (req.body && BODY_METHODS.has(route.method)) {
    const { contentType, payload } = req.body;
    if (Buffer.byteLength(payload) > BODY_LIMIT) return 'invalid';
    const essence = contentType?.split(';')[0]?.trim().toLowerCase();
    if (essence === 'application/json') {
      const text = payload.charCodeAt(0) === 0xfeff ? payload.slice(1) : payload;
      try {
        body = JSON.parse(text);
      } catch {
        return 'invalid';
      }
      if (poisoned(body)) return 'invalid';
    } else if (essence === 'text/plain') {
      body = payload;
    } else if (payload.length > 0) {
      return 'invalid';
    }
  }
  if (route.schema.body && !z.safeParse(route.schema.body, body).success) return 'invalid';

  const query = Object.create(null) as Record<string, string | string[]>;
  for (const [k, v] of req.query) {
    const current = query[k];
    query[k] = current === undefined ? v : [current, v].flat();
  }
  if (route.schema.querystring && !z.safeParse(route.schema.querystring, query).success) return 'invalid';
  return 'valid';
}

/** Stock counts and the balance checks on the wire (decision 077): the calls and the answers. */
import { z } from 'zod/mini';
import { dayField, enumField, idField, isMissing } from './common/fields.js';
import { listQuerySchema, pageSchema } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { INVENTORY_UNITS } from './inventory-rules.js';
import { recordAuthorsSchema } from './staff.js';
import {
  feedCountProblem,
  looseEggsProblem,
  marginProblem,
  MAX_COUNT_LINES,
  STOCK_COUNT_KINDS,
  stockCountMessages as m,
  wholeCountProblem,
} from './stock-counts-rules.js';

ensureEnglishMessages();

/** A number as a form sends it (2 or "2"), checked by the rule `problem` (a negative count is refused, not clipped). */
const countField = (problem: (n: number) => string | null) =>
  z.pipe(
    z.transform((input: unknown, ctx) => {
      if (isMissing(input) || (typeof input === 'string' && input.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: m.countInvalid, input });
        return z.NEVER;
      }
      const n = typeof input === 'string' ? Number(input.trim()) : input;
      if (typeof n !== 'number' || !Number.isFinite(n)) {
        ctx.issues.push({ code: 'custom', message: m.countInvalid, input });
        return z.NEVER;
      }
      const wrong = problem(n);
      if (wrong) {
        ctx.issues.push({ code: 'custom', message: wrong, input });
        return z.NEVER;
      }
      return n;
    }),
    z.number(),
  );

/**
 * POST /api/stock-counts: one count of the day, of any of the three kinds at once (decision 077):
 * the eggs in full trays and loose eggs, each feed item in its unit, each flock's birds. Each
 * thing counted is stored as a count of its own, with what the records said then.
 */
export const createStockCountsSchema = z
  .object({
    date: dayField(m.dateRequired, m.dateInvalid),
    eggs: z.optional(z.nullable(z.object({ trays: countField(wholeCountProblem), loose: z._default(countField(looseEggsProblem), 0) }))),
    feed: z.optional(
      z.array(z.object({ item_id: idField(m.selectItem), quantity: countField(feedCountProblem) })).check(z.maxLength(MAX_COUNT_LINES, m.tooManyLines)),
    ),
    birds: z.optional(
      z.array(z.object({ flock_id: idField(m.selectFlock), birds: countField(wholeCountProblem) })).check(z.maxLength(MAX_COUNT_LINES, m.tooManyLines)),
    ),
  })
  .check(
    z.refine((body) => Boolean(body.eggs) || (body.feed?.length ?? 0) > 0 || (body.birds?.length ?? 0) > 0, { error: () => m.nothingCounted }),
    z.refine((body) => new Set(body.feed?.map((f) => f.item_id)).size === (body.feed?.length ?? 0), { error: () => m.repeated, path: ['feed'] }),
    z.refine((body) => new Set(body.birds?.map((b) => b.flock_id)).size === (body.birds?.length ?? 0), { error: () => m.repeated, path: ['birds'] }),
  );
export type CreateStockCountsInput = z.infer<typeof createStockCountsSchema>;

export const stockCountIdParamsSchema = z.object({ id: idField(m.notFound) });

/** One thing counted on a day, with what the records said then and the difference. */
export const stockCountSchema = z.object({
  id: z.number(),
  kind: z.enum(STOCK_COUNT_KINDS),
  date: z.string(),
  /** The flock of a head count, the item of a feed count; null otherwise. */
  flock_id: z.nullable(z.number()),
  item_id: z.nullable(z.number()),
  /** The flock's or the item's name; null for eggs. */
  name: z.nullable(z.string()),
  /** eggs, birds, or the feed item's unit. */
  unit: z.string(),
  counted: z.number(),
  /** What the records said when the count was saved. */
  expected: z.number(),
  /** counted − expected: negative when fewer were found. */
  difference: z.number(),
  /** Whether the difference was beyond the farm's margin then (the owner was told). */
  beyond_margin: z.boolean(),
  created_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type StockCount = z.infer<typeof stockCountSchema>;
export const stockCountPageSchema = pageSchema(stockCountSchema);

/** POST's answer: the counts stored, one a thing counted. */
export const stockCountsSavedSchema = z.object({ counts: z.array(stockCountSchema) });
export type StockCountsSaved = z.infer<typeof stockCountsSavedSchema>;

/** GET /api/stock-counts: newest day first; filtered by kind. */
export const listStockCountsQuerySchema = listQuerySchema(['date'] as const, {
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  kind: z.optional(enumField(STOCK_COUNT_KINDS, m.kindInvalid)),
});
export type ListStockCountsQuery = z.infer<typeof listStockCountsQuerySchema>;

/** PUT /api/stock-counts/margin: the owner's margin, a whole percent. */
export const stockCountMarginSchema = z.object({
  margin_percent: countField((n) => marginProblem(n)),
});
export type StockCountMarginInput = z.infer<typeof stockCountMarginSchema>;
export const stockCountMarginAnswerSchema = z.object({ margin_percent: z.number() });
export type StockCountMargin = z.infer<typeof stockCountMarginAnswerSchema>;

/** `?start_date&end_date`: the last 7 days up to today by default. */
export const balanceChecksQuerySchema = z.object({
  start_date: z.optional(dayField(m.dateInvalid, m.dateInvalid)),
  end_date: z.optional(dayField(m.dateInvalid, m.dateInvalid)),
});
export type BalanceChecksQuery = z.infer<typeof balanceChecksQuerySchema>;

const balanceCount = z.object({
  id: z.number(),
  date: z.string(),
  counted: z.number(),
  /** What the records said on the count's day: this range's opening and records up to that day when in range, else as saved. */
  expected: z.number(),
  /** Whether the count is in the range (else it is the last one before it). */
  in_range: z.boolean(),
});

/**
 * One balance (decision 077): opening + came_in − went_out = closing (the records' figure at the
 * range's end), and the last count in or before the range against the records on its day.
 */
export const stockBalanceLineSchema = z.object({
  opening: z.number(),
  /** What came in, by cause (eggs: collected; feed: delivered, corrected; birds: added, corrected). */
  came_in: z.record(z.string(), z.number()),
  /** What went out, by cause (eggs: sold, adjusted; feed: fed, removed, corrected; birds: deaths, sold, culled, corrected). */
  went_out: z.record(z.string(), z.number()),
  closing: z.number(),
  last_count: z.nullable(balanceCount),
  /** counted − expected; null without a count. */
  difference: z.nullable(z.number()),
  beyond_margin: z.boolean(),
});
export type StockBalanceLine = z.infer<typeof stockBalanceLineSchema>;

export const eggBalanceSchema = z.extend(stockBalanceLineSchema, {
  /** The difference as full trays and loose eggs (of its size); null without a count. */
  difference_trays: z.nullable(z.number()),
  difference_loose: z.nullable(z.number()),
});
export type EggBalance = z.infer<typeof eggBalanceSchema>;

export const feedBalanceSchema = z.extend(stockBalanceLineSchema, {
  item_id: z.number(),
  item_name: z.string(),
  unit: z.enum(INVENTORY_UNITS),
});
export type FeedBalance = z.infer<typeof feedBalanceSchema>;

export const birdBalanceSchema = z.extend(stockBalanceLineSchema, {
  flock_id: z.number(),
  flock_name: z.string(),
});
export type BirdBalance = z.infer<typeof birdBalanceSchema>;

/**
 * Money: the sales of the range recorded as paid, by the sale's payment type, against what was
 * recorded as banked or received. Kuku keeps no record of banking (decision 077), so
 * `received_cents` and `difference_cents` are null and the line says so rather than invent it.
 */
export const moneyBalanceSchema = z.object({
  paid_cents: z.number(),
  paid_by_type: z.array(z.object({ sale_type: z.string(), cents: z.number(), sales: z.number() })),
  /** Sales of the range still unpaid (credit). */
  pending_cents: z.number(),
  received_cents: z.nullable(z.number()),
  difference_cents: z.nullable(z.number()),
  /** False: the farm keeps no record of money banked or received. */
  recorded: z.boolean(),
});
export type MoneyBalance = z.infer<typeof moneyBalanceSchema>;

/** GET /api/stock-counts/balances and balanceChecks(db, farmId, range) on the server. */
export const balanceChecksSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  margin_percent: z.number(),
  eggs: eggBalanceSchema,
  feed: z.array(feedBalanceSchema),
  birds: z.array(birdBalanceSchema),
  money: moneyBalanceSchema,
});
export type BalanceChecks = z.infer<typeof balanceChecksSchema>;

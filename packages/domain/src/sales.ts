import { z } from 'zod/mini';
import { dayField, enumField, ID_MAX, idField, isMissing, withAliases } from './common/fields.js';
import { lineTotalCents, moneyMessages, parseAmount, type Cents } from './common/money.js';
import { listQuerySchema, pageSchema, SORT_ORDERS } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { reportMessages } from './reports-rules.js';
import { birdSaleMessages, birdsOfSale } from './bird-sales-rules.js';
import { flockEconomicsSchema } from './economics.js';
import { flockMessages } from './flock-messages.js';
import { flockSchema } from './flocks.js';
import { recordAuthorsSchema } from './staff.js';
import {
  debtorMessages,
  parseRefNo,
  REPORT_TYPES,
  SALE_CATEGORIES,
  SALE_CATEGORY_ALIASES,
  SALE_DESCRIPTION_MAX,
  SALE_PRODUCT_MAX,
  SALE_REMARK_KINDS,
  SALE_STATUS_ALIASES,
  SALE_STATUS_IDS_MAX,
  SALE_STATUSES,
  SALE_TYPE_ALIASES,
  SALE_TYPES,
  SALE_UNIT_MAX,
  saleMessages,
  saleQuantityProblem,
  type SaleCategory,
} from './sales-rules.js';

ensureEnglishMessages();

const categoryField = enumField(SALE_CATEGORIES, saleMessages.selectCategory, SALE_CATEGORY_ALIASES);
const saleTypeField = enumField(SALE_TYPES, saleMessages.selectSaleType, SALE_TYPE_ALIASES);
const statusField = enumField(SALE_STATUSES, saleMessages.selectStatus, SALE_STATUS_ALIASES);

const productField = z
  .string({ error: saleMessages.productRequired })
  .check(z.trim(), z.minLength(1, saleMessages.productRequired), z.maxLength(SALE_PRODUCT_MAX, saleMessages.productTooLong));

const descriptionField = z.optional(
  z.nullable(z.string({ error: saleMessages.descriptionTooLong }).check(z.trim(), z.maxLength(SALE_DESCRIPTION_MAX, saleMessages.descriptionTooLong))),
);

/** The free unit of an 'Other' sale; the other categories' unit is theirs whatever is sent (saleUnit). */
const unitField = z.optional(z.nullable(z.string({ error: saleMessages.unitTooLong }).check(z.trim(), z.maxLength(SALE_UNIT_MAX, saleMessages.unitTooLong))));

/**
 * A quantity in the category's unit: above 0, at most 1,000,000, at most 3 decimals, as
 * saleQuantityProblem says for a category of any unit; whole units per category below.
 */
const quantityField = z
  .number({ error: (issue) => (isMissing(issue.input) ? saleMessages.quantityRequired : saleMessages.quantityInvalid) })
  .check(
    z.superRefine((quantity: number, ctx) => {
      const problem = saleQuantityProblem('Other', quantity);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: quantity });
    }),
  );

const unitPriceMessages: Partial<Record<string, string>> = {
  [moneyMessages.amountRequired]: saleMessages.unitPriceRequired,
  [moneyMessages.amountNegative]: saleMessages.unitPriceNegative,
  [moneyMessages.amountDecimals]: saleMessages.unitPriceDecimals,
  [moneyMessages.amountTooLarge]: saleMessages.unitPriceTooLarge,
};

/**
 * The unit price in shillings as the product's client sends it (a number, or text such as "33.35"),
 * turned into cents like shillingsSchema, with the unit price's own messages.
 */
const unitPriceField = z.pipe(
  z.union([z.number(), z.string()], { error: saleMessages.unitPriceRequired }),
  z.transform((value: string | number, ctx): Cents => {
    // String() of a JSON number is its shortest decimal text: 33.35 → "33.35", 1e21 → "1e+21" (refused).
    const result = parseAmount(typeof value === 'number' ? String(value) : value);
    if (result.ok) return result.cents;
    ctx.issues.push({ code: 'custom', message: unitPriceMessages[result.message] ?? saleMessages.unitPriceInvalid, input: value });
    return z.NEVER;
  }),
);

/** A bird sale's birds (by the kilo) and weight (by the bird, optional): birdsOfSale checks them with the rest. */
const birdsField = z.optional(z.nullable(z.number({ error: birdSaleMessages.birdsWhole })));
const weightField = z.optional(z.nullable(z.number({ error: birdSaleMessages.weightInvalid })));

const saleFields = {
  flock_id: idField(saleMessages.selectFlock),
  category: categoryField,
  product: productField,
  description: descriptionField,
  quantity: quantityField,
  unit: unitField,
  birds: birdsField,
  weight_kg: weightField,
  unit_price: unitPriceField,
  date: dayField(saleMessages.dateRequired, saleMessages.dateInvalid),
  sale_type: saleTypeField,
  status: statusField,
};

/** docs/product.md names fields in both styles; `amount` and `refNo` are read and dropped like `amount` and `ref_no`. */
const saleAliases = {
  flockId: 'flock_id',
  unitPrice: 'unit_price',
  saleType: 'sale_type',
  saleDate: 'date',
};

interface QuantityFacts {
  category?: SaleCategory | undefined;
  quantity?: number | undefined;
  unit?: string | null | undefined;
  birds?: number | null | undefined;
  weight_kg?: number | null | undefined;
  unit_price?: Cents | undefined;
}

/**
 * The rules across fields, on what passed the fields' own checks: whole crates, chicks and
 * sacks (on `quantity`), and an amount within the maximum (on `amount`, the read-only field
 * that shows quantity × unit price).
 */
const acrossFields = z.superRefine((sale: QuantityFacts, ctx) => {
  // A quantity the field refused, or a category it did not know, was already reported.
  if (typeof sale.quantity !== 'number' || saleQuantityProblem('Other', sale.quantity) !== null) return;
  if (sale.category === undefined || !SALE_CATEGORIES.includes(sale.category)) return;
  const problem = saleQuantityProblem(sale.category, sale.quantity, sale.unit);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem, path: ['quantity'], input: sale.quantity });
    return;
  }
  // An edit that sends no category is checked by the server against the stored sale.
  const birds = birdsOfSale({ category: sale.category, unit: sale.unit, quantity: sale.quantity, birds: sale.birds, weight_kg: sale.weight_kg });
  if (!birds.ok) {
    ctx.addIssue({ code: 'custom', message: birds.message, path: [birds.field], input: sale[birds.field] });
    return;
  }
  if (typeof sale.unit_price === 'number' && !lineTotalCents(sale.quantity, sale.unit_price).ok) {
    ctx.addIssue({ code: 'custom', message: saleMessages.amountTooLarge, path: ['amount'], input: sale.quantity });
  }
});

/**
 * POST /api/sales/ (docs/product.md §7). The client's `amount` is ignored: the server computes quantity
 * × unit price with lineTotalCents. `unit_price` is shillings in, cents out. The date is kept
 * as sent ('YYYY-MM-DD' or an ISO instant); the server reads it in the farm's time zone and
 * checks the six-month window (isSaleDateAllowed). `unit` counts only for 'Other' (saleUnit).
 */
export const createSaleSchema = z.pipe(withAliases(saleAliases), z.object(saleFields).check(acrossFields));
export type CreateSaleInput = z.infer<typeof createSaleSchema>;

const updateFields = {
  flock_id: z.optional(saleFields.flock_id),
  category: z.optional(saleFields.category),
  product: z.optional(saleFields.product),
  description: saleFields.description,
  quantity: z.optional(saleFields.quantity),
  unit: saleFields.unit,
  birds: saleFields.birds,
  weight_kg: saleFields.weight_kg,
  unit_price: z.optional(saleFields.unit_price),
  date: z.optional(saleFields.date),
  sale_type: z.optional(saleFields.sale_type),
  status: z.optional(saleFields.status),
};
const UPDATE_KEYS = Object.keys(updateFields);

/**
 * PUT /api/sales/{id}: any of the sale's fields, e.g. only `status` (Mark Paid / Mark Pending)
 * or the whole sale from the edit form. The server merges it with the stored sale and checks
 * the merged sale: saleQuantityProblem, and the date window when the date changes.
 */
export const updateSaleSchema = z.pipe(
  withAliases(saleAliases),
  z.object(updateFields).check(
    z.refine((sale: Record<string, unknown>) => UPDATE_KEYS.some((key) => sale[key] !== undefined), saleMessages.nothingToUpdate),
    acrossFields,
  ),
);
export type UpdateSaleInput = z.infer<typeof updateSaleSchema>;

export const saleSchema = z.object({
  id: z.number(),
  /** 'S-000123' (formatRefNo of the farm's counter). */
  ref_no: z.string(),
  flock_id: z.number(),
  flock_name: z.string(),
  category: z.enum(SALE_CATEGORIES),
  product: z.string(),
  description: z.nullable(z.string()),
  quantity: z.number(),
  unit: z.string(),
  /** A bird sale's birds taken off its flock, and their weight in kg when known (decision 072); null for other sales. */
  birds: z.nullable(z.number()),
  weight_kg: z.nullable(z.number()),
  /** Shillings, as the product's clients read it; our web reads unit_price_cents. */
  unit_price: z.number(),
  unit_price_cents: z.number(),
  amount: z.number(),
  amount_cents: z.number(),
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  sale_type: z.enum(SALE_TYPES),
  status: z.enum(SALE_STATUSES),
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type Sale = z.infer<typeof saleSchema>;

export const SALE_SORTS = ['date', 'ref', 'product', 'flock', 'category', 'quantity', 'amount', 'status'] as const;
export type SaleSort = (typeof SALE_SORTS)[number];

/** GET /api/sales/ and /api/sales/flock/{flockId}: newest first; `from` and `to` are days, inclusive. */
export const listSalesQuerySchema = listQuerySchema(SALE_SORTS, {
  order: z._default(enumField(SORT_ORDERS, saleMessages.orderInvalid), 'desc'),
  status: z.optional(statusField),
  flock_id: z.optional(idField(saleMessages.selectFlock)),
  from: z.optional(dayField(saleMessages.dateInvalid, saleMessages.dateInvalid)),
  to: z.optional(dayField(saleMessages.dateInvalid, saleMessages.dateInvalid)),
});
export type ListSalesQuery = z.infer<typeof listSalesQuerySchema>;
export const salePageSchema = pageSchema(saleSchema);

/** `/api/sales/flock/:flockId`. */
export const saleFlockParamsSchema = z.object({ flockId: idField(saleMessages.selectFlock) });

/** A sale found by its id, or by the number of its ref_no ('S-000123' → 123). */
export type SaleKey = { id: number } | { ref: number };

/**
 * `/api/sales/:id`: the product's client calls a sale's delete with the record's id in one place and
 * its ref_no in another; both find it. Anything else is 'Sale not found.'.
 */
export const saleIdParamsSchema = z.pipe(
  z.object({ id: z.union([z.string(), z.number()], { error: saleMessages.notFound }) }),
  z.transform(({ id }, ctx): SaleKey => {
    const text = String(id).trim();
    if (/^\d{1,10}$/.test(text)) {
      const n = Number(text);
      if (n >= 1 && n <= 2_147_483_647) return { id: n };
    } else {
      const ref = parseRefNo(text);
      if (ref !== null) return { ref };
    }
    ctx.issues.push({ code: 'custom', message: saleMessages.notFound, input: id, path: ['id'] });
    return z.NEVER;
  }),
);

const remarkSchema = z.object({ kind: z.enum(SALE_REMARK_KINDS), text: z.string() });

/** GET /api/sales/stats: the farm's current month (its time zone) against the last, summed in SQL. */
export const saleStatsSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  revenue_cents: z.number(),
  revenue: z.number(),
  sales_count: z.number(),
  paid_cents: z.number(),
  paid_count: z.number(),
  pending_cents: z.number(),
  pending_count: z.number(),
  /** Distinct days with sales this month. */
  sale_days: z.number(),
  average_per_sale_day_cents: z.number(),
  last_month_revenue_cents: z.number(),
  /** salesGrowth: percent, one decimal; null when last month sold nothing. */
  sales_growth: z.nullable(z.number()),
  egg_crates_this_month: z.number(),
  by_category: z.array(z.object({ category: z.enum(SALE_CATEGORIES), amount_cents: z.number(), count: z.number() })),
  remarks: z.array(remarkSchema),
});
export type SaleStats = z.infer<typeof saleStatsSchema>;

/** GET /api/sales/series: the charts' points, summed in SQL, in the farm's time zone. */
export const saleSeriesSchema = z.object({
  /** This month's days up to today, oldest first: the Daily Sales Chart. */
  days: z.array(z.object({ day: z.string(), amount_cents: z.number() })),
  /** This month's 7-day weeks (docs/product.md §9 chart buckets): week 1 is days 1-7. */
  weeks: z.array(z.object({ week: z.number(), start: z.string(), end: z.string(), amount_cents: z.number() })),
  /** The last 6 months 'YYYY-MM' ending with this one, oldest first (saleTrendMonths): the trend. */
  months: z.array(z.object({ month: z.string(), amount_cents: z.number(), count: z.number() })),
  /** Each flock that sold this month, its amounts aligned with `weeks`. */
  flocks_by_week: z.array(z.object({ flock_id: z.number(), flock_name: z.string(), amounts: z.array(z.number()) })),
  /** Each flock that sold in those months, its amounts aligned with `months`. */
  flocks_by_month: z.array(z.object({ flock_id: z.number(), flock_name: z.string(), amounts: z.array(z.number()) })),
});
export type SaleSeries = z.infer<typeof saleSeriesSchema>;

const reportDay = dayField(saleMessages.reportFieldsRequired, saleMessages.dateInvalid);

/** The Generate Sales Report form (docs/product.md §5): all required, the end not before the start. */
export const salesReportRequestSchema = z.pipe(
  withAliases({ startDate: 'start_date', endDate: 'end_date', reportType: 'report_type' }),
  z
    .object({
      start_date: reportDay,
      end_date: reportDay,
      report_type: enumField(REPORT_TYPES, (input) => (isMissing(input) ? saleMessages.reportFieldsRequired : saleMessages.reportTypeInvalid)),
    })
    .check(
      z.superRefine((request, ctx) => {
        // Days compare as text; an instant's first 10 characters are its UTC day, close enough for the order.
        if (request.end_date.slice(0, 10) < request.start_date.slice(0, 10)) {
          ctx.addIssue({ code: 'custom', message: saleMessages.reportEndBeforeStart, path: ['end_date'], input: request.end_date });
        } else if (request.end_date.slice(0, 10) === request.start_date.slice(0, 10)) {
          // The report it makes refuses one day (docs/product.md §5 Report generator).
          ctx.addIssue({ code: 'custom', message: reportMessages.singleDay, path: ['end_date'], input: request.end_date });
        }
      }),
    ),
);
export type SalesReportRequest = z.infer<typeof salesReportRequestSchema>;

/** What a client sends to create a sale (an edit sends any part of it); unit_price in shillings. */
export interface SaleBody {
  flock_id: number;
  category: SaleCategory;
  product: string;
  description?: string | null;
  quantity: number;
  unit?: string | null;
  /** A bird sale's birds (by the kilo) and weight (by the bird), decision 072. */
  birds?: number | null;
  weight_kg?: number | null;
  unit_price: number;
  date: string;
  sale_type: (typeof SALE_TYPES)[number];
  status: (typeof SALE_STATUSES)[number];
}

/**
 * POST /api/flocks/{flockId}/close (decision 072): the birds left sold by the kilo in one sale
 * (the total live weight and the price a kg, asked while the batch has birds), and the batch
 * archived. The date is read like a sale's.
 */
export const closeBatchSchema = z.pipe(
  withAliases({ unitPrice: 'unit_price', saleType: 'sale_type', totalKg: 'total_kg' }),
  z.object({
    date: dayField(saleMessages.dateRequired, saleMessages.dateInvalid),
    total_kg: z.optional(z.nullable(z.number({ error: birdSaleMessages.weightInvalid }))),
    unit_price: z.optional(z.nullable(unitPriceField)),
    sale_type: saleTypeField,
    status: statusField,
    description: descriptionField,
  }),
);
export type CloseBatchInput = z.infer<typeof closeBatchSchema>;
export const closeBatchParamsSchema = z.object({ flockId: idField(flockMessages.notFound) });

/** The sale (none when no birds were left), the archived flock and its figures over its life: its result. */
export const closeBatchAnswerSchema = z.object({
  sale: z.nullable(saleSchema),
  flock: flockSchema,
  economics: flockEconomicsSchema,
});
export type CloseBatchAnswer = z.infer<typeof closeBatchAnswerSchema>;

/** One buyer of GET /api/sales/debtors: their pending sales summed in SQL. */
export const debtorSchema = z.object({
  /** The sales' description, trimmed, as the newest of them spells it; null for sales without one. */
  buyer: z.nullable(z.string()),
  sales: z.number(),
  owed_cents: z.number(),
  owed: z.number(),
  /** 'YYYY-MM-DD': the oldest pending sale's date. */
  since: z.string(),
  /** Whole days from `since` to the farm's today. */
  days: z.number(),
  sale_ids: z.array(z.number()),
});
export type Debtor = z.infer<typeof debtorSchema>;

/**
 * GET /api/sales/debtors (decision 055): the farm's pending sales grouped by buyer, the oldest
 * debt first then the largest, at most DEBTORS_MAX buyers; `buyers` and the totals count all.
 */
export const debtorsSchema = z.object({
  items: z.array(debtorSchema),
  buyers: z.number(),
  total_owed_cents: z.number(),
  total_owed: z.number(),
});
export type Debtors = z.infer<typeof debtorsSchema>;

/** A sale's id in a body: a whole number as JSON sends it (no text, no true coerced to 1). */
const saleIdItem = z.number({ error: debtorMessages.idInvalid }).check(z.int(debtorMessages.idInvalid), z.gte(1, debtorMessages.idInvalid), z.lte(ID_MAX, debtorMessages.idInvalid));

/**
 * POST /api/sales/status: the same status for each of these sales of the farm, at once (the
 * debtors screen's Mark paid and its Undo). Ids named twice count once.
 */
export const saleStatusBodySchema = z.object({
  ids: z.pipe(
    z
      .array(saleIdItem, { error: debtorMessages.idsRequired })
      .check(z.minLength(1, debtorMessages.idsRequired), z.maxLength(SALE_STATUS_IDS_MAX, debtorMessages.idsTooMany)),
    z.transform((ids: number[]) => [...new Set(ids)]),
  ),
  status: statusField,
});
export type SaleStatusBody = z.infer<typeof saleStatusBodySchema>;

/** Its answer: the sales whose status changed, and their sum. */
export const saleStatusAnswerSchema = z.object({
  updated: z.number(),
  amount_cents: z.number(),
  amount: z.number(),
});
export type SaleStatusAnswer = z.infer<typeof saleStatusAnswerSchema>;

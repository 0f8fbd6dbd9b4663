import { z } from 'zod/mini';
import { dayField, idField, isMissing } from './common/fields.js';
import { listQuerySchema, pageSchema } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { feedMessages } from './feed-rules.js';
import { inventoryItemSchema } from './inventory.js';
import { INVENTORY_UNITS, inventoryMessages, MAX_INVENTORY_QUANTITY } from './inventory-rules.js';
import { recordAuthorsSchema } from './staff.js';

ensureEnglishMessages();

const m = feedMessages;

/** A quantity as a form sends it (2 or "2"): above 0; whole units and the stock are asked on the item. */
const quantityField = z.pipe(
  z.transform((input: unknown, ctx) => {
    if (isMissing(input) || (typeof input === 'string' && input.trim() === '')) {
      ctx.issues.push({ code: 'custom', message: inventoryMessages.quantityPositive, input });
      return z.NEVER;
    }
    return typeof input === 'string' ? Number(input.trim()) : input;
  }),
  z.number({ error: () => inventoryMessages.quantityInvalid }).check(
    z.refine((n: number) => Number.isFinite(n), { error: () => inventoryMessages.quantityInvalid }),
    z.refine((n: number) => n > 0, { error: () => inventoryMessages.quantityPositive }),
    z.refine((n: number) => n <= MAX_INVENTORY_QUANTITY, { error: () => inventoryMessages.quantityTooLarge }),
  ),
);

const itemField = idField(m.selectItem);
const dateField = dayField(m.dateRequired, m.dateInvalid);

/** POST /api/flocks/{flockId}/feed: the item (of kind feed), the day and the quantity in the item's unit. */
export const createFeedRecordSchema = z.object({ item_id: itemField, date: dateField, quantity: quantityField });
export type CreateFeedRecordInput = z.infer<typeof createFeedRecordSchema>;

/** PATCH /api/feed/{id}: any of the three; the stock follows (the old quantity put back, the new drawn). */
export const updateFeedRecordSchema = z
  .object({ item_id: z.optional(itemField), date: z.optional(dateField), quantity: z.optional(quantityField) })
  .check(
    z.refine((body) => body.item_id !== undefined || body.date !== undefined || body.quantity !== undefined, {
      error: () => m.nothingToUpdate,
    }),
  );
export type UpdateFeedRecordInput = z.infer<typeof updateFeedRecordSchema>;

export const flockFeedParamsSchema = z.object({ flockId: idField(m.selectFlock) });
export const feedIdParamsSchema = z.object({ id: idField(m.notFound) });

export const feedRecordSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  flock_name: z.string(),
  item_id: z.number(),
  item_name: z.string(),
  unit: z.enum(INVENTORY_UNITS),
  date: z.string(),
  quantity: z.number(),
  /** quantity × the item's weight of one unit; null when that weight is unknown. */
  kg: z.nullable(z.number()),
  // Money (MONEY_FIELDS): left out of the answers of a role that does not see money.
  /** quantity × the item's cost per unit when it was drawn, in cents. */
  cost_cents: z.optional(z.number()),
  /** The same in shillings. */
  cost: z.optional(z.number()),
  /** The ledger's removal this record made. */
  movement_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type FeedRecord = z.infer<typeof feedRecordSchema>;
export const feedPageSchema = pageSchema(feedRecordSchema);

/** A record's write: the record and its item with its new stock (and the low-stock warning, if any). */
export const feedChangeSchema = z.object({ record: feedRecordSchema, item: inventoryItemSchema, warning: z.nullable(z.string()) });
export type FeedChange = z.infer<typeof feedChangeSchema>;

/** GET /api/flocks/{flockId}/feed: newest first. */
export const listFlockFeedQuerySchema = listQuerySchema(['date'] as const, {
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
});
/** GET /api/feed: the farm's, newest first; by flock when asked. */
export const listFeedQuerySchema = listQuerySchema(['date'] as const, {
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  flock_id: z.optional(idField(m.selectFlock)),
});
export type ListFeedQuery = z.infer<typeof listFeedQuerySchema>;

/** GET /api/flocks/{flockId}/feed/usual: the item and quantity of the flock's last record, for the quick form; nulls without one. */
export const usualFeedSchema = z.object({
  item_id: z.nullable(z.number()),
  item_name: z.nullable(z.string()),
  unit: z.nullable(z.enum(INVENTORY_UNITS)),
  quantity: z.nullable(z.number()),
});
export type UsualFeed = z.infer<typeof usualFeedSchema>;

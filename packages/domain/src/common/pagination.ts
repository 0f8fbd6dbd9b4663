import { z } from 'zod/mini';
import { enumField } from './fields.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './page-size.js';
import { ensureEnglishMessages } from './zod-locale.js';

ensureEnglishMessages();

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** `?page=1&pageSize=10&q=…&order=asc|desc`, shared by every list. */
export const paginationQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_SIZE_MAX)), PAGE_SIZE_DEFAULT),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  order: z._default(enumField(SORT_ORDERS, 'Order must be asc or desc.'), 'asc'),
});

export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/**
 * A list's query: paging, search and order, `sort` by one of the feature's sortable columns
 * (its default first), and the feature's own filters.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.core.$ZodLooseShape = Record<never, never>>(
  sorts: S,
  filters?: F,
) {
  return z.extend(paginationQuerySchema, {
    sort: z._default(z.enum(sorts), sorts[0]),
    ...(filters ?? ({} as F)),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list's answer: `{ items, total, page, pageSize }` of `item`. */
export function pageSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

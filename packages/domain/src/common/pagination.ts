import { z } from 'zod/mini';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './page-size.js';
import { ensureEnglishMessages } from './zod-locale.js';

ensureEnglishMessages();

/** `?page=1&pageSize=10&q=…&sort=field&order=asc|desc`, shared by every list. */
export const paginationQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_SIZE_MAX)), PAGE_SIZE_DEFAULT),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
});

export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

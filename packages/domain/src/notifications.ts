import { z } from 'zod/mini';
import { paginationQuerySchema } from './common/pagination.js';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TYPES } from './notifications-rules.js';

/** docs/product.md §3 Notification, as the server answers it. */
export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** ISO timestamp. */
  date: z.string(),
  read: z.boolean(),
  link: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: unread ones, newest first (read ones leave the lists, docs/product.md §4). */
export const notificationListQuerySchema = z.object({
  page: paginationQuerySchema.shape.page,
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), NOTIFICATION_PAGE_SIZE),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Unread ones in all: the bell's badge. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const markedReadSchema = z.object({ marked: z.number() });
export type MarkedRead = z.infer<typeof markedReadSchema>;

export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/**
 * A socket message (docs/product.md §7 Real-time): the changed thing's type, what happened and its id,
 * with the product's own name where it has one. `notification` carries the new notification itself.
 */
export const socketMessageSchema = z.object({
  type: z.string(),
  action: z.optional(z.string()),
  id: z.optional(z.number()),
  name: z.optional(z.string()),
  category: z.optional(z.string()),
  notification: z.optional(notificationSchema),
});
export type SocketMessage = z.infer<typeof socketMessageSchema>;

import { idParamsSchema, markedReadSchema, notificationListQuerySchema, notificationRefusals as m, notificationPageSchema, pushPublicKeySchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../app-error.js';
import { pushSubscriptionSchema, type PushSender } from '../../integrations/push/sender.js';
import { principalOf } from '../../plugins/auth.js';
import * as notifications from './service.js';

export interface NotificationRoutesDeps {
  /** The VAPID public key the browser subscribes with; null when Web Push is off. */
  publicKey: string | null;
  push: PushSender | null;
}

/** The user's notifications (docs/product.md §2 bell and modal, §4) and their browsers' push subscriptions (§7). */
export async function notificationRoutes(fastify: FastifyInstance, { publicKey, push }: NotificationRoutesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get('/notifications', { schema: { querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } } }, async (request) =>
    notifications.listUnread(db, principalOf(request).userId, request.query),
  );

  app.post('/notifications/:id/read', { schema: { params: idParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await notifications.markRead(db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });

  // A dismiss (the modal's ×) reads it: docs/product.md §4, read ones leave the lists.
  app.delete('/notifications/:id', { schema: { params: idParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await notifications.markRead(db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/notifications/read-all', { schema: { response: { 200: markedReadSchema } } }, async (request) => ({
    marked: await notifications.markAllRead(db, principalOf(request).userId),
  }));

  app.get('/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async () => {
    if (!publicKey) throw invalid(m.pushUnavailable);
    return { publicKey };
  });

  // docs/product.md §7 names both paths; each takes the browser's subscription JSON as given.
  for (const path of ['/push/subscribe', '/notifications/subscribe']) {
    app.post(path, { schema: { body: pushSubscriptionSchema, response: { 201: z.object({ subscribed: z.literal(true) }) } } }, async (request, reply) => {
      if (!push) throw invalid(m.pushUnavailable);
      if (!push.endpointAllowed(request.body.endpoint)) throw invalid(m.pushEndpointInvalid, { endpoint: m.pushEndpointInvalid });
      await notifications.saveSubscription(db, principalOf(request).userId, request.body);
      return reply.status(201).send({ subscribed: true });
    });
  }

  app.delete('/push/subscribe', { schema: { body: z.object({ endpoint: z.string().max(2048) }), response: { 204: z.null() } } }, async (request, reply) => {
    await notifications.removeSubscription(db, principalOf(request).userId, request.body.endpoint);
    return reply.status(204).send(null);
  });
}

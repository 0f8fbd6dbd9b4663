import { smsSettingsResponseSchema, smsSettingsSchema, smsUsageSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import { scopeOf } from '../farm-scope.js';
import { setSmsDailyCap, smsUsage } from './usage.js';

/** The owner's view of the farm's texts and their daily limit (decision 076); the roles are ROUTE_PERMISSIONS'. */
export async function smsUsageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/sms/usage', { schema: { response: { 200: smsUsageSchema } } }, async (request) => smsUsage(app.db, scopeOf(request)));

  app.put('/sms/settings', { schema: { body: smsSettingsSchema, response: { 200: smsSettingsResponseSchema } } }, async (request) =>
    setSmsDailyCap(app.db, principalOf(request).farmId, request.body.daily_cap),
  );
}

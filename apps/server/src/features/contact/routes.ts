import { contactAnswerSchema, contactMessages as m, contactMessageSchema, supportChannelsSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { sendContactMessage } from './service.js';

/** docs/product.md §7's contact form, kept in-house (decision 033), and the support chat's channels. */
export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { support } = app.config;

  // Idempotent: a retried send (a dropped connection) mails support once.
  app.post('/contact', { config: { idempotent: true }, schema: { body: contactMessageSchema, response: { 200: contactAnswerSchema } } }, async (request) => {
    // The form service's honeypot: a person never fills it; a bot is thanked and forgotten.
    if (request.body.botcheck) return { success: true, message: m.sent };
    const { farmId, userId, user, farm } = principalOf(request);
    await sendContactMessage(dbOf(request), support.email, { farmId, userId, farmName: farm.name, username: user.username, ip: request.ip }, request.body, app.config.rateLimitScale);
    afterCommit(request, () => app.mailer.kick());
    return { success: true, message: m.sent };
  });

  app.get('/contact/support', { schema: { response: { 200: supportChannelsSchema } } }, async () => ({
    email: support.email,
    phone: support.phone,
    whatsapp_url: support.whatsapp ? `https://wa.me/${support.whatsapp}` : null,
  }));
}

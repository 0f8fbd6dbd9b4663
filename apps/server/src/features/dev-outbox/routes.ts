import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox, smsMessages } from '../../db/schema/index.js';

const smsOutboxSchema = z.array(
  z.object({
    to: z.string(),
    body: z.string(),
    status: z.string(),
    statusCode: z.number().nullable(),
    costCents: z.number(),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
  }),
);
const outboxSchema = z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }));

/** docs/design.md §6: the mail a developer or an end-to-end test would have received. Never in production. */
export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    { config: { public: true }, schema: { response: { 200: outboxSchema } } },
    async () => {
      const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
      return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, createdAt: r.createdAt.toISOString() }));
    },
  );
  // The texts sent, beside the mail (decision 075): with the simulator, what the phones would have received.
  app.get(
    '/dev/outbox/sms',
    { config: { public: true }, schema: { response: { 200: smsOutboxSchema } } },
    async () => {
      const rows = await app.db.select().from(smsMessages).orderBy(desc(smsMessages.id)).limit(100);
      return rows.map((r) => ({
        to: r.to,
        body: r.body,
        status: r.status,
        statusCode: r.statusCode,
        costCents: r.costCents,
        failureReason: r.failureReason,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
}

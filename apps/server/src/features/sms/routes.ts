import { requestWords } from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../app-error.js';
import { applyDeliveryReport, deliveryReportSchema } from '../../integrations/sms/messages.js';
import { isLoopback } from '../../plugins/loopback-only.js';

export const DELIVERY_REPORTS_PATH = '/sms/delivery-reports';

/** A report is a few short fields. */
const REPORT_BODY_LIMIT = 16 * 1024;
/** Per address and minute: the gateway reports each text a few times at most. */
const REPORTS_PER_MINUTE = 600;

const answerSchema = z.object({ status: z.string() });

/**
 * Africa's Talking's delivery reports (docs/integrations.md §8.4, decision 075): unsigned, so they are
 * taken only from AT_CALLBACK_IPS (unset, this machine: the simulator), and only for a text we sent.
 */
export async function smsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  // Form-encoded, as the gateway posts them; this scope only.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const allowed = (request: FastifyRequest) => {
    const ips = config.sms.callbackIps;
    if (ips.length > 0) return ips.includes(request.ip);
    // As plugins/loopback-only.ts: a forwarded request is local only behind a trusted proxy (decision 050).
    return isLoopback(request.ip) && (config.trustProxy !== false || !(request.headers['x-forwarded-for'] || request.headers.forwarded));
  };

  app.post(
    DELIVERY_REPORTS_PATH,
    {
      config: { public: true },
      bodyLimit: REPORT_BODY_LIMIT,
      onRequest: [
        async (request) => {
          if (allowed(request)) return;
          request.log.warn({ ip: request.ip }, 'an SMS delivery report from an address not allowed');
          throw notFound(requestWords.noSuchPath('POST', `/api${DELIVERY_REPORTS_PATH}`));
        },
        app.rateLimit({ max: Math.ceil(REPORTS_PER_MINUTE * config.rateLimitScale), timeWindow: '1 minute', keyGenerator: (request) => `sms-reports:${request.ip}` }),
      ],
      schema: { body: deliveryReportSchema, response: { 200: answerSchema } },
    },
    async (request) => {
      const row = await applyDeliveryReport(app.db, request.body);
      if (!row) {
        request.log.warn({ messageId: request.body.id }, 'an SMS delivery report for no text of ours');
        throw notFound('No text of ours has this id.');
      }
      return { status: row.status };
    },
  );
}

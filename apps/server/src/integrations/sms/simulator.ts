/**
 * A local Africa's Talking that speaks its bulk SMS protocol (docs/integrations.md §8.6): the same
 * path, form fields, `apiKey` header and JSON answer, then a delivery report POSTed back to our
 * callback, form-encoded, shortly after. Register it with `{ prefix: AT_SIMULATOR_PREFIX }`. The
 * outcome is chosen by the number's last four digits (SIMULATOR_NUMBERS), so tests are deterministic.
 */
import { randomBytes } from 'node:crypto';
import { smsParts } from '@kuku/domain';
import type { FastifyPluginAsync } from 'fastify';
import { SMS_PATH } from './client.js';

export const AT_SIMULATOR_PREFIX = '/__sim/africastalking';

/** The simulator's own credentials (nothing real): the username of Africa's Talking's sandbox and a made-up key. */
export const SIMULATOR_SMS_CREDENTIALS = { username: 'sandbox', apiKey: 'atsk_sim_kuku' } as const;

/** The outcome of a text by its number's last four digits (README, 'SMS'). */
export const SIMULATOR_NUMBERS = {
  delivered: '+254712345678',
  invalid: '+254700000403',
  insufficientBalance: '+254700000405',
  /** Taken, then a delivery report Failed with 'DeliveryFailure'. */
  undelivered: '+254700000999',
  /** The whole request answers HTTP 500. */
  gatewayDown: '+254700000500',
  /** The answer comes after `slowMs`: longer than a client waits. */
  slow: '+254700000504',
} as const;

export interface SmsSimulatorOptions {
  username: string;
  apiKey: string;
  /** Where delivery reports go: our own callback, known once the server listens. */
  deliveryReportUrl: () => string;
  /** How long after sending the report comes; 1000 ms unless told. */
  reportDelayMs?: number;
  /** How long the slow number's answer takes; 20 000 ms unless told. */
  slowMs?: number;
}

const KENYAN_MOBILE = /^\+254(7|1)\d{8}$/;
/** KES 0.80 a part, what Africa's Talking charges for a Kenyan text (§8.3). */
const PART_CENTS = 80;

const kes = (cents: number) => `KES ${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}00`;

interface Recipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
}

export const smsSimulator: FastifyPluginAsync<SmsSimulatorOptions> = async (fastify, options) => {
  const reportDelayMs = options.reportDelayMs ?? 1000;
  const slowMs = options.slowMs ?? 20_000;
  const timers = new Set<NodeJS.Timeout>();
  const slowAnswers = new Set<() => void>();
  // A slow answer still waiting is given at once: the server's close waits for its requests.
  fastify.addHook('preClose', async () => {
    for (const answer of slowAnswers) answer();
  });
  fastify.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    // A report on its way must not keep a test run or a closing server alive.
    timer.unref();
    timers.add(timer);
  };

  async function postReport(fields: Record<string, string>) {
    try {
      await fetch(options.deliveryReportUrl(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      fastify.log.debug({ err: error, messageId: fields.id }, 'sms simulator: delivery report not delivered');
    }
  }

  fastify.post(SMS_PATH, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    // Africa's Talking answers a wrong key or username with a line of text.
    if (request.headers.apikey !== options.apiKey || field('username') !== options.username) {
      return reply.code(401).type('text/plain').send('The supplied authentication is invalid');
    }
    if (!String(request.headers.accept ?? '').includes('application/json')) return reply.code(406).type('text/plain').send('The simulator answers JSON only');
    for (const name of ['to', 'message']) {
      if (field(name).trim() === '') return reply.code(400).type('text/plain').send(`Request is missing required form field '${name}'`);
    }
    const numbers = field('to').split(',').map((n) => n.trim()).filter(Boolean);
    if (numbers.some((n) => n.endsWith('0500'))) return reply.code(500).type('text/plain').send('Internal Server Error');
    if (numbers.some((n) => n.endsWith('0504'))) {
      await new Promise<void>((resolve) => {
        const answer = () => {
          slowAnswers.delete(answer);
          resolve();
        };
        slowAnswers.add(answer);
        later(slowMs, answer);
      });
    }

    const cents = smsParts(field('message')).parts * PART_CENTS;
    const recipients: Recipient[] = numbers.map((number) => {
      const refused = (statusCode: number, status: string): Recipient => ({ statusCode, number, status, cost: '0', messageId: 'None' });
      if (!KENYAN_MOBILE.test(number) || number.endsWith('0403')) return refused(403, 'InvalidPhoneNumber');
      if (number.endsWith('0405')) return refused(405, 'InsufficientBalance');
      return { statusCode: 101, number, status: 'Success', cost: kes(cents), messageId: `ATXid_${randomBytes(16).toString('hex')}` };
    });
    for (const r of recipients.filter((x) => x.statusCode === 101)) {
      const failed = r.number.endsWith('0999');
      later(reportDelayMs, () =>
        void postReport({
          id: r.messageId,
          status: failed ? 'Failed' : 'Success',
          phoneNumber: r.number,
          networkCode: '63902',
          ...(failed ? { failureReason: 'DeliveryFailure' } : {}),
          retryCount: '0',
        }),
      );
    }
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    return reply.code(201).send({
      SMSMessageData: { Message: `Sent to ${sent}/${recipients.length} Total Cost: ${kes(sent * cents)}`, Recipients: recipients },
    });
  });
};

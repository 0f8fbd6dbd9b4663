import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from './transport.js';

/**
 * The local stand-in for SMTP: the message stays in the mail_outbox table,
 * readable at GET /api/dev/outbox, and a line in the log says it arrived.
 * The body is not logged: it holds one-time codes.
 */
export function createDevOutboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'dev-outbox',
    async send(message: MailMessage) {
      log.info({ to: message.to, subject: message.subject }, 'mail kept in the dev outbox (GET /api/dev/outbox)');
    },
    close: () => undefined,
  };
}

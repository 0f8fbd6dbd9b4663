import { noticeSettingsSchema, noticeWords, updateNoticePreferencesSchema } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../app-error.js';
import { principalOf } from '../../plugins/auth.js';
import { languageOf } from '../../plugins/language.js';
import { checkUnsubscribeToken } from './links.js';
import { askPage, donePage, refusedPage } from './page.js';
import { linkOwner, noticeSettings, unsubscribe, updateNoticePreferences } from './service.js';

export interface NoticeRoutesDeps {
  /** The unsubscribe links' secret (links.ts). */
  secret: Buffer;
}

/** A form or a one-click body is a few short fields. */
const FORM_BODY_LIMIT = 4 * 1024;
/** Per address and minute: a person clicks once or twice; a mail client posts once. */
const UNSUBSCRIBES_PER_MINUTE = 30;

const tokenQuerySchema = z.object({ token: z.string().max(1000).optional() });

/**
 * A user's choices of channel per kind of notice (decision 076), and the unsubscribe link of a
 * notice's mail: GET answers a page asking to confirm, POST (its button, or a mail client's RFC 8058
 * one-click `List-Unsubscribe=One-Click`) turns the kind's mail off. A forged or expired link: 400,
 * nothing changed. A browser gets pages; anything else JSON.
 */
export async function noticeRoutes(fastify: FastifyInstance, { secret }: NoticeRoutesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  // The page's form and the one-click POST are form-encoded; this scope only.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/profile/notices', { schema: { response: { 200: noticeSettingsSchema } } }, async (request) => noticeSettings(db, principalOf(request).userId));

  app.put('/profile/notices', { schema: { body: updateNoticePreferencesSchema, response: { 200: noticeSettingsSchema } } }, async (request) =>
    updateNoticePreferences(db, principalOf(request).userId, request.body),
  );

  const wantsPage = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');
  const limits = {
    bodyLimit: FORM_BODY_LIMIT,
    onRequest: app.rateLimit({
      max: Math.ceil(UNSUBSCRIBES_PER_MINUTE * config.rateLimitScale),
      timeWindow: '1 minute',
      keyGenerator: (request) => `notices-unsubscribe:${request.ip}`,
    }),
  };

  /** The link's user and kind, or the refusal sent: a page to a browser, else the usual 400. */
  async function claimOf(request: FastifyRequest, reply: FastifyReply, token: unknown) {
    const check = checkUnsubscribeToken(secret, token);
    const owner = check.ok ? await linkOwner(db, check.claim.userId) : null;
    if (check.ok && owner) return { claim: check.claim, owner };
    const reason = check.ok ? 'invalid' : check.reason;
    const language = languageOf(request);
    if (wantsPage(request)) {
      await reply.code(400).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(refusedPage(language, reason));
      return null;
    }
    const w = noticeWords;
    throw invalid(reason === 'expired' ? w.linkExpired : w.linkInvalid, { token: reason === 'expired' ? w.linkExpired : w.linkInvalid });
  }

  app.get(
    '/notices/unsubscribe',
    { config: { public: true }, ...limits, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      const found = await claimOf(request, reply, request.query.token);
      if (!found) return reply;
      const { claim, owner } = found;
      if (!wantsPage(request)) return { message: wordsIn(owner.language, noticeWords).unsubscribeAsk(wordsIn(owner.language, noticeWords).kinds[claim.kind], owner.email) };
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(askPage(owner.language, claim.kind, owner.email, request.query.token ?? ''));
    },
  );

  app.post(
    '/notices/unsubscribe',
    { config: { public: true }, ...limits, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
      const found = await claimOf(request, reply, request.query.token ?? body.token);
      if (!found) return reply;
      const { claim, owner } = found;
      await unsubscribe(db, claim);
      request.log.info({ userId: claim.userId, kind: claim.kind }, 'a notice kind unsubscribed by mail link');
      const w = wordsIn(owner.language, noticeWords);
      if (!wantsPage(request)) return { message: w.unsubscribed(w.kinds[claim.kind], owner.email) };
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(donePage(owner.language, claim.kind, owner.email));
    },
  );
}

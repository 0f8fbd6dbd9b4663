import {
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  registerResponseSchema,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  userSchema,
  verifyOtpSchema,
  authMessages,
  socialCallbackQuerySchema,
  socialExchangeSchema,
  socialLoginQuerySchema,
  socialProvidersSchema,
  type SocialProvider,
} from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import { languageOf } from '../../plugins/language.js';
import * as auth from './service.js';
import * as social from './social.js';

// Calls that mail a code: at most 20 each per IP per hour, on top of 5 mails per address per hour.
const CODE_MAIL_WINDOW_MINUTES = 60;

const bodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim() : undefined;
};

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, afterAnswer } = app;
  const open = { public: true } as const;

  app.post(
    '/auth/register',
    {
      config: open,
      ...app.authLimits('register', 20, 5, bodyField('email'), CODE_MAIL_WINDOW_MINUTES),
      schema: { body: registerSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const { email } = await auth.register(db, request.body, new Date(), languageOf(request));
      mailer.kick();
      return reply.status(201).send({ message: authMessages.registered, email });
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      config: open,
      ...app.authLimits('verify-otp', 30, 10, bodyField('email')),
      schema: { body: verifyOtpSchema, response: { 200: messageSchema } },
    },
    async (request) => ({ message: await auth.verifyEmail(db, request.body) }),
  );

  app.post(
    '/auth/resend-otp',
    {
      config: open,
      ...app.authLimits('resend-otp', 20, 10, bodyField('email'), CODE_MAIL_WINDOW_MINUTES),
      schema: { body: resendOtpSchema, response: { 200: messageSchema } },
    },
    // One answer, at once, for every address (decision 049): the lookup and the mail come after it.
    async (request, reply) => {
      afterAnswer.run(reply, async () => {
        await auth.resendVerification(db, request.body, new Date(), languageOf(request));
        mailer.kick();
      });
      return { message: authMessages.otpSent };
    },
  );

  app.post(
    '/auth/login',
    {
      config: open,
      // Per account, whichever of its names is typed (decision 049).
      ...app.authLimits('login', 30, 10, async (request) => {
        const identifier = bodyField('identifier')(request);
        return identifier ? auth.loginAccountKey(db, identifier) : undefined;
      }),
      schema: { body: loginSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => {
      try {
        return await auth.login(db, request.body, new Date(), languageOf(request));
      } finally {
        // An unverified login has put a fresh code in the outbox.
        mailer.kick();
      }
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: open,
      ...app.authLimits('forgot-password', 20, 10, bodyField('email'), CODE_MAIL_WINDOW_MINUTES),
      schema: { body: forgotPasswordSchema, response: { 200: messageSchema } },
    },
    // As resend-otp: the same answer at once, the work after it.
    async (request, reply) => {
      afterAnswer.run(reply, async () => {
        await auth.requestPasswordReset(db, request.body, new Date(), languageOf(request));
        mailer.kick();
      });
      return { message: authMessages.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: open,
      ...app.authLimits('reset-password', 30, 10, bodyField('email')),
      schema: { body: resetPasswordSchema, response: { 200: messageSchema } },
    },
    async (request) => ({ message: await auth.resetPassword(db, request.body) }),
  );

  app.get('/auth/me', { schema: { response: { 200: userSchema } } }, async (request) =>
    auth.principalUser(principalOf(request)),
  );

  app.post('/auth/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await auth.logout(db, principalOf(request));
    return reply.status(204).send(null);
  });

  // Social sign-in (decision 038): the browser's trip to the provider and back, then the code's exchange.
  const google = await social.createGoogleSignIn(app);
  app.addHook('onClose', () => google.close());
  const socialTrips = (name: string) => app.authLimits(name, 30, 0, () => undefined);

  const providers: SocialProvider[] = google.offered ? ['google'] : [];
  app.get('/auth/providers', { config: open, schema: { response: { 200: socialProvidersSchema } } }, async () => ({ providers }));

  app.get(
    '/auth/google/login',
    { config: open, ...socialTrips('google-login'), schema: { querystring: socialLoginQuerySchema } },
    async (request, reply) => reply.redirect(await google.start(request, reply, request.query.login_hint)),
  );

  app.get(
    '/auth/google/callback',
    { config: open, ...socialTrips('google-callback'), schema: { querystring: socialCallbackQuerySchema } },
    async (request, reply) => reply.redirect(await google.finish(request, reply, request.query)),
  );

  app.post(
    '/auth/social/exchange',
    { config: open, ...socialTrips('social-exchange'), schema: { body: socialExchangeSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => google.exchange(request, reply, request.body.code),
  );
}

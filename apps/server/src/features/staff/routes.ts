import {
  acceptInvitationSchema,
  changeRoleSchema,
  inviteMemberSchema,
  loginResponseSchema,
  memberSchema,
  messageSchema,
  staffListSchema,
  staffMessages as m,
  staffParamsSchema,
} from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../../app-error.js';
import { principalOf } from '../../plugins/auth.js';
import { publicOrigin } from '../../public-origin.js';
import * as staff from './service.js';

const emailOf = (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.email;
  return typeof value === 'string' ? value.trim() : undefined;
};

/** The owner's staff screen (/user-registration) and the invitee's acceptance. */
export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = app;

  // The link's origin is PUBLIC_URL (or, outside production, this process): never the Host header (decision 050).
  const linkFor = (request: FastifyRequest) => {
    const base = publicOrigin(app, request);
    if (!base) throw conflict(m.noPublicAddress);
    return (email: string) => `${base}/auth?invitation=1&email=${encodeURIComponent(email)}`;
  };

  app.get('/staff', { schema: { response: { 200: staffListSchema } } }, async (request) => ({
    items: await staff.listMembers(db, principalOf(request).farmId),
  }));

  app.post('/staff', { schema: { body: inviteMemberSchema, response: { 201: memberSchema } } }, async (request, reply) => {
    const member = await staff.inviteMember(db, principalOf(request), request.body, linkFor(request), app.config.rateLimitScale);
    mailer.kick();
    return reply.status(201).send(member);
  });

  app.put('/staff/:userId', { schema: { params: staffParamsSchema, body: changeRoleSchema, response: { 200: memberSchema } } }, async (request) => {
    const { farmId } = principalOf(request);
    const member = await staff.changeRole(db, principalOf(request), request.params.userId, request.body);
    // Their open screens read their role again.
    app.events.publish(farmId, { type: 'member', action: 'updated', id: member.id, userId: member.id });
    return member;
  });

  app.delete('/staff/:userId', { schema: { params: staffParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId } = principalOf(request);
    await staff.removeMember(db, principalOf(request), request.params.userId);
    app.events.publish(farmId, { type: 'member', action: 'deleted', id: request.params.userId, userId: request.params.userId });
    return reply.status(204).send(null);
  });

  app.post('/staff/:userId/resend', { schema: { params: staffParamsSchema, response: { 200: messageSchema } } }, async (request) => {
    const member = await staff.resendInvitation(db, principalOf(request), request.params.userId, linkFor(request), app.config.rateLimitScale);
    mailer.kick();
    return { message: m.invitationResent(member.email) };
  });

  app.post(
    '/auth/accept-invitation',
    {
      config: { public: true },
      // Like the other code checks: tries per IP and per address, on top of the code's own five.
      ...app.authLimits('accept-invitation', 30, 10, emailOf),
      schema: { body: acceptInvitationSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => {
      const { session, told } = await staff.acceptInvitation(db, request.body);
      // The owners hear it once the join committed (decision 076).
      app.notifier.deliver(told);
      return session;
    },
  );
}

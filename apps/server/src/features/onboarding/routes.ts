import { onboardingAnswerSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import { onboardingCompletion } from './service.js';

/** docs/product.md §2 Onboarding: the steps the farm's records already complete (decision 037). */
export async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/onboarding', { schema: { response: { 200: onboardingAnswerSchema } } }, async (request) =>
    onboardingCompletion(app.db, principalOf(request).farmId),
  );
}

import { z } from 'zod/mini';
import type { OnboardingStepId } from './onboarding-rules.js';

/**
 * GET /api/onboarding: for each Getting Started step (docs/product.md §2), keyed by its id, whether the
 * farm's records already complete it: a flock, an egg production record, a sale, an expense,
 * an inventory item, a report (decision 037).
 */
export const onboardingAnswerSchema = z.object({
  flocks: z.boolean(),
  eggs: z.boolean(),
  sales: z.boolean(),
  expenses: z.boolean(),
  inventory: z.boolean(),
  reports: z.boolean(),
} satisfies Record<OnboardingStepId, z.ZodMiniBoolean<boolean>>);
export type OnboardingAnswer = z.infer<typeof onboardingAnswerSchema>;

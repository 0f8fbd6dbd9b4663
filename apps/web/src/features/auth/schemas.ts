import { resetPasswordSchema } from '@kuku/domain';
import { z } from 'zod/mini';

// Loaded on first use of a form or call (authSchemas in api.ts), not with the screen.
export {
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  registerFormSchema,
  registerResponseSchema,
} from '@kuku/domain';

/** The reset step of /forgot-password: the email came with the step before. */
export const resetStepSchema = z.omit(resetPasswordSchema, { email: true });

import { userSchema } from '@kuku/domain';
import { z } from 'zod/mini';

// Loaded on first use of a profile form (profileSchemas in api.ts), not with the screen.
export { changePasswordFormSchema, updateProfileDetailsSchema } from '@kuku/domain';

/** PUT /auth/update-profile answers the message and the updated user. */
export const updateProfileResponseSchema = z.object({ message: z.string(), user: userSchema });

/** POST /auth/update-profile-picture answers the updated user, as GET /auth/me does. */
export const updateProfilePictureResponseSchema = userSchema;

import { userSchema } from '@kuku/domain';

// Loaded on first use of a profile form (profileSchemas in api.ts), not with the screen.
export {
  changePasswordFormSchema,
  confirmEmailChangeResponseSchema,
  confirmEmailChangeSchema,
  updateProfileDetailsSchema,
  updateProfileResponseSchema,
} from '@kuku/domain';

/** POST /auth/update-profile-picture answers the updated user, as GET /auth/me does. */
export const updateProfilePictureResponseSchema = userSchema;

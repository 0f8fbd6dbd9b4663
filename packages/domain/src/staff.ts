import { z } from 'zod/mini';
import { emailSchema, otpSchema, passwordSchema, usernameSchema } from './auth.js';
import { ROLES } from './common/roles.js';
import { INVITABLE_ROLES, staffMessages } from './staff-rules.js';

// The message is read when the check fails: a Kiswahili page's words arrive after this module is made.
const roleChoice = z.enum(INVITABLE_ROLES, { error: () => staffMessages.roleRequired });

/** POST /api/staff: the owner adds a person, who gets an invitation code by mail. */
export const inviteMemberSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  role: roleChoice,
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** PUT /api/staff/{userId}. */
export const changeRoleSchema = z.object({ role: roleChoice });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const staffParamsSchema = z.object({ userId: z.coerce.number().check(z.int(), z.positive()) });

/** One person of the farm as the staff screen lists them. */
export const memberSchema = z.object({
  id: z.number().check(z.int()),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  profile_picture: z.nullable(z.string()),
  /** 'invited' until they chose their password. */
  status: z.enum(['active', 'invited']),
  invited_at: z.string(),
  last_sign_in_at: z.nullable(z.string()),
});
export type Member = z.infer<typeof memberSchema>;

export const staffListSchema = z.object({ items: z.array(memberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/auth/accept-invitation: the invitee's code and first password; answers a session. */
export const acceptInvitationSchema = z.object({ email: emailSchema, otp: otpSchema, new_password: passwordSchema });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** Who made and last changed a record, as lists' details show them. */
export const recordAuthorsSchema = z.object({
  created_by_name: z.nullable(z.string()),
  updated_by_name: z.nullable(z.string()),
});
export type RecordAuthors = z.infer<typeof recordAuthorsSchema>;

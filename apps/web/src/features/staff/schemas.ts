import { acceptInvitationSchema, authMessages } from '@kuku/domain';
import { z } from 'zod/mini';

// Loaded on first use of a staff form (staffSchemas in api.ts), not with the screen.
export { changeRoleSchema, inviteMemberSchema, loginResponseSchema, memberSchema, messageSchema, staffListSchema } from '@kuku/domain';

/** The invitee's form: the email (from the link), the code and a password typed twice. */
export const acceptInvitationFormSchema = z
  .extend(acceptInvitationSchema, { confirm_password: z.string() })
  .check(
    z.refine((v) => v.new_password === v.confirm_password, {
      // Read when the check fails: a Kiswahili page's words arrive after this module is made.
      error: () => authMessages.passwordsDoNotMatch,
      path: ['confirm_password'],
    }),
  );

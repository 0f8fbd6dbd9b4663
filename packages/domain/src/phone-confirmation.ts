import { z } from 'zod/mini';
import { otpSchema } from './auth.js';
import { ensureEnglishMessages } from './common/zod-locale.js';

ensureEnglishMessages();

/** POST /profile/phone/confirm: the 6-digit code the SMS carried. */
export const confirmPhoneSchema = z.object({ code: otpSchema });
export type ConfirmPhoneInput = z.infer<typeof confirmPhoneSchema>;

/** POST /profile/phone/code: where the code went ('+254712345678'). */
export const phoneCodeResponseSchema = z.object({ message: z.string(), phone: z.string() });
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponseSchema>;

/** POST /profile/phone/confirm: the number now confirmed. */
export const confirmPhoneResponseSchema = z.object({ message: z.string(), phone: z.string(), phone_confirmed: z.boolean() });
export type ConfirmPhoneResponse = z.infer<typeof confirmPhoneResponseSchema>;

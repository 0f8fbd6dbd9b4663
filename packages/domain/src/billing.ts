import { z } from 'zod/mini';
import { enumField, isMissing, withAliases } from './common/fields.js';
import { shillingsSchema } from './common/money-schema.js';
import { listQuerySchema, pageSchema, SORT_ORDERS } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { emailSchema } from './auth.js';
import {
  billingMessages as m,
  MPESA_PHONE_PATTERN,
  mpesaPhone,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  referenceProblem,
} from './billing-rules.js';

ensureEnglishMessages();

/** A check's message, read when it fails: a Kiswahili page's words arrive after this module is made. */
const say = (word: () => string) => ({ error: () => word() });

/** docs/product.md §5: required; the card provider's alphabet; at most PAYMENT_REFERENCE_MAX. */
export const paymentReferenceField = z.string(say(() => m.referenceRequired)).check(
  z.trim(),
  z.superRefine((reference: string, ctx) => {
    const problem = referenceProblem(reference);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: reference });
  }),
);

/** docs/product.md §5 normalisation, then a number M-Pesa can prompt. */
const mpesaPhoneField = z.pipe(
  z.string({ error: (issue) => (isMissing(issue.input) ? m.noPhoneProvided : m.invalidMpesaPhone) }).check(
    z.maxLength(32, say(() => m.invalidMpesaPhone)),
    z.refine((phone) => phone.trim() !== '', say(() => m.noPhoneProvided)),
  ),
  z.transform(mpesaPhone),
).check(z.refine((phone) => MPESA_PHONE_PATTERN.test(phone), say(() => m.invalidMpesaPhone)));

/**
 * POST /api/payments/initiate (docs/product.md §7) `{ PhoneNumber, amount, reference }`. The amount is
 * the server's: one sent is checked against the price (in shillings), never used.
 */
export const initiatePaymentSchema = z.pipe(
  withAliases({ phone_number: 'PhoneNumber', phoneNumber: 'PhoneNumber', phone: 'PhoneNumber' }),
  z.object({
    PhoneNumber: mpesaPhoneField,
    amount: z.optional(z.nullable(shillingsSchema)),
    reference: paymentReferenceField,
  }),
);
export type InitiatePaymentInput = z.infer<typeof initiatePaymentSchema>;

/**
 * POST /api/paystack/initiate (docs/product.md §7) `{ email, amount, reference }`, the amount in the
 * provider's minor units (×100), checked against the price, never used.
 */
export const initiateCardPaymentSchema = z.object({
  email: emailSchema,
  amount: z.optional(z.nullable(z.number(say(() => m.failedToInitiate)).check(z.int(say(() => m.failedToInitiate))))),
  reference: paymentReferenceField,
});
export type InitiateCardPaymentInput = z.infer<typeof initiateCardPaymentSchema>;

/** `/status/:reference`: a reference the farmer kept, or the provider's. */
export const paymentReferenceParamsSchema = z.object({
  reference: z.string(say(() => m.notFound)).check(z.trim(), z.minLength(1, say(() => m.notFound)), z.maxLength(120, say(() => m.notFound))),
});

/** The Payment of docs/product.md §3, with what the history and the modal show. */
export const paymentSchema = z.object({
  id: z.number(),
  /** The provider's id of the request: M-Pesa's CheckoutRequestID, the card provider's reference. */
  payment_id: z.nullable(z.string()),
  reference: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  /** Shillings, as the product's clients read it; our web reads amount_cents. */
  amount: z.number(),
  amount_cents: z.number(),
  /** The M-Pesa receipt number of a paid request. */
  mpesa_reference: z.nullable(z.string()),
  phone_number: z.nullable(z.string()),
  result_code: z.nullable(z.number()),
  result_description: z.nullable(z.string()),
  /** The end of the paid period a successful payment bought. */
  paid_until: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** `{ payment }`, as the product's status calls answer. */
export const paymentAnswerSchema = z.object({ payment: paymentSchema });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** docs/product.md §7: `data.authorization_url` and `data.reference`. */
export const cardInitiatedSchema = z.object({
  status: z.boolean(),
  data: z.object({ authorization_url: z.string(), reference: z.string() }),
  payment: paymentSchema,
});
export type CardInitiated = z.infer<typeof cardInitiatedSchema>;

/** docs/product.md §9: Payment ID, Amount, Status, M-Pesa reference, Phone, Reference, Result, Date; newest first. */
export const PAYMENT_SORTS = ['date', 'payment_id', 'amount', 'status', 'mpesa_reference', 'phone', 'reference', 'result'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/** GET /api/payments: `q` searches status, M-Pesa reference, phone, reference, result, amount and date. */
export const listPaymentsQuerySchema = listQuerySchema(PAYMENT_SORTS, {
  order: z._default(enumField(SORT_ORDERS, () => m.orderInvalid), 'desc'),
});
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;
export const paymentPageSchema = pageSchema(paymentSchema);
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** GET /api/payments/plan: what a month costs, where a suspended farm pays, which ways are open. */
export const paymentPlanSchema = z.object({
  price_cents: z.number(),
  /** Shillings, as the M-Pesa form sends it. */
  amount: z.number(),
  paid_period_days: z.number(),
  till_number: z.string(),
  support_url: z.string(),
  mpesa: z.enum(['live', 'simulator', 'off']),
  card: z.enum(['live', 'simulator', 'off']),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

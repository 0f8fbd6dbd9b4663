/**
 * The body Daraja POSTs to CallBackURL (docs/integrations.md §1.5). Callbacks are not signed (§1.8):
 * parse them strictly, then confirm with an STK query before applying a success.
 */
import { z } from 'zod';

const itemSchema = z.object({
  Name: z.string(),
  // Balance comes with no Value at all; null is taken as the same thing.
  Value: z.union([z.string(), z.number()]).nullish(),
});

export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      // A number here, unlike the query's string (§1.5).
      ResultCode: z.number().int(),
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(itemSchema).max(50) }).optional(),
    }),
  }),
});

export type StkCallbackBody = z.infer<typeof stkCallbackSchema>;

export interface ParsedStkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amount?: number;
  receipt?: string;
  /** yyyyMMddHHmmss, Kenya time. */
  transactionDate?: string;
  /** 2547XXXXXXXX. */
  phone?: string;
}

/** What Daraja expects back, quickly, whatever the outcome (§1.5). */
export const CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

type ItemValue = string | number | null | undefined;

const asNumber = (value: ItemValue) => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

const asText = (value: ItemValue) => {
  if (typeof value === 'string') return value;
  // PhoneNumber and TransactionDate arrive as numbers; both stay below 2^53, so no digit is lost.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
};

/** The callback in our words, or null when the body is not a Daraja STK callback. */
export function parseStkCallback(body: unknown): ParsedStkCallback | null {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const callback = parsed.data.Body.stkCallback;
  // By Name, never by position: the order and the set of items vary (§1.5).
  const items = new Map((callback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
  const result: ParsedStkCallback = {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
  };
  const amount = asNumber(items.get('Amount'));
  const receipt = asText(items.get('MpesaReceiptNumber'));
  const transactionDate = asText(items.get('TransactionDate'));
  const phone = asText(items.get('PhoneNumber'));
  if (amount !== undefined) result.amount = amount;
  if (receipt !== undefined) result.receipt = receipt;
  if (transactionDate !== undefined) result.transactionDate = transactionDate;
  if (phone !== undefined) result.phone = phone;
  return result;
}

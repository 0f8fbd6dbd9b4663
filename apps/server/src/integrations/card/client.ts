/**
 * Paystack, the card provider (docs/integrations.md §2): initialize a transaction, verify it,
 * and check a webhook's signature. A typed `fetch` client over three endpoints; the
 * official SDK is not worth its weight until the card flow grows (§2.4).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface PaystackConfig {
  /** `https://api.paystack.co`, or the simulator's `http://127.0.0.1:$PORT/__sim/paystack`. */
  baseUrl: string;
  secretKey: string;
}

export interface InitializeInput {
  email: string;
  /** KES cents: KES 2 500 is 250000. */
  amountCents: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string | number>;
}

export interface Initialized {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

export type CardStatus = 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'reversed';

export interface Verified {
  reference: string;
  /** The payment state (a top-level `status: true` only says the call worked). */
  status: CardStatus | string;
  amountCents: number;
  currency: string;
  paidAt: string | null;
  gatewayResponse: string | null;
  channel: string | null;
  email: string | null;
}

export interface PaystackClient {
  initialize(input: InitializeInput): Promise<Initialized>;
  /** The transaction, or null when Paystack does not know the reference (404). */
  verify(reference: string): Promise<Verified | null>;
}

/** Paystack refused or could not be reached; `status` is its HTTP status, 0 when there was no answer. */
export class PaystackError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

const failureSchema = z.object({ status: z.literal(false), message: z.string() });

const initializedSchema = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
});

const verifiedSchema = z.object({
  status: z.literal(true),
  data: z.object({
    reference: z.string(),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paid_at: z.string().nullish(),
    gateway_response: z.string().nullish(),
    channel: z.string().nullish(),
    customer: z.object({ email: z.string().nullish() }).nullish(),
  }),
});

/**
 * The fields of a webhook Kuku uses (§2.3); other keys pass. Events other than
 * `charge.success` (transfer.*, refund.*) may not fit: answer them 200 and ignore them.
 */
/** Which event a webhook carries, read before its data, whose shape depends on the event. */
export const webhookKindSchema = z.object({ event: z.string() });

export const webhookEventSchema = z.object({
  event: z.string(),
  data: z.object({
    reference: z.string(),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paid_at: z.string().nullish(),
    channel: z.string().nullish(),
    customer: z.object({ email: z.string().nullish() }).nullish(),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export function createPaystackClient(config: PaystackConfig, options: { timeoutMs?: number } = {}): PaystackClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  // A provider message could echo what it was sent; the key never reaches a log or a user.
  const redact = (text: string) => (config.secretKey ? text.replaceAll(config.secretKey, '[secret]') : text).slice(0, 300);

  async function call(what: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable';
      throw new PaystackError(`Paystack ${what}: ${reason}`, 0);
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return { status: response.status, json };
  }

  const fail = (what: string, status: number, json: unknown): PaystackError => {
    const failure = failureSchema.safeParse(json);
    const reason = failure.success ? failure.data.message : status >= 200 && status < 300 ? 'unexpected answer' : `HTTP ${status}`;
    return new PaystackError(redact(`Paystack ${what}: ${reason}`), status);
  };

  return {
    async initialize(input) {
      const { status, json } = await call('initialize', '/transaction/initialize', {
        email: input.email,
        amount: input.amountCents,
        currency: 'KES',
        reference: input.reference,
        callback_url: input.callbackUrl,
        channels: ['card', 'mobile_money'],
        metadata: input.metadata,
      });
      const parsed = initializedSchema.safeParse(json);
      if (status < 200 || status >= 300 || !parsed.success) throw fail('initialize', status, json);
      const { authorization_url, access_code, reference } = parsed.data.data;
      return { authorizationUrl: authorization_url, accessCode: access_code, reference };
    },

    async verify(reference) {
      const { status, json } = await call('verify', `/transaction/verify/${encodeURIComponent(reference)}`);
      // Only Paystack's own "not found" means an unknown reference; a 404 page from a wrong base URL is an error.
      if (status === 404 && failureSchema.safeParse(json).success) return null;
      const parsed = verifiedSchema.safeParse(json);
      if (status < 200 || status >= 300 || !parsed.success) throw fail('verify', status, json);
      const data = parsed.data.data;
      return {
        reference: data.reference,
        status: data.status,
        amountCents: data.amount,
        currency: data.currency,
        paidAt: data.paid_at ?? null,
        gatewayResponse: data.gateway_response ?? null,
        channel: data.channel ?? null,
        email: data.customer?.email ?? null,
      };
    },
  };
}

/** hex(HMAC-SHA512(secret key, raw body)): the `x-paystack-signature` header. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/**
 * Whether `header` signs these exact bytes. Over the raw body, never re-serialized JSON;
 * constant time once the lengths match. A missing, repeated or malformed header is false.
 */
export function signatureMatches(secretKey: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{128}$/.test(header)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

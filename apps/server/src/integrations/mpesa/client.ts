/**
 * A thin typed client for M-Pesa Daraja STK push (docs/integrations.md §1). No well-kept npm client
 * exists (§1.9), so this is built on Node's fetch. The token and the passkey never appear in a
 * log line or an error message (§1.8 point 6).
 */
import { DATE_PARTS_LOCALE } from '@kuku/domain';
import { z } from 'zod';

export interface DarajaConfig {
  /** `https://api.safaricom.co.ke`, the sandbox, or the simulator (`…/__sim/daraja`). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** The shortcode for a paybill; the till number for buy-goods. */
  partyB: string;
}

export interface StkPushInput {
  /** Whole shillings. */
  amountKes: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  responseCode: string;
  responseDescription: string;
  customerMessage: string;
}

export type StkQueryResult = { state: 'pending' } | { state: 'final'; resultCode: number; resultDesc: string };

export interface DarajaClient {
  /** Accepted means the prompt was sent, not that anyone paid. */
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
}

/** `status` 0: no HTTP answer (refused before sending, network failure or timeout). */
export class DarajaError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DarajaError';
  }
}

const nairobi = new Intl.DateTimeFormat(DATE_PARTS_LOCALE, {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** YYYYMMDDHHmmss in Kenya time, whatever the server's own zone (§1.3). */
export function darajaTimestamp(date: Date): string {
  const parts = nairobi.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

const INVALID_TOKEN = '404.001.03';
const BEING_PROCESSED = '500.001.1001';
/** Seen on the query while the customer is still on the prompt (§1.7, [reported]). */
const STILL_PROCESSING = 4999;

const digits = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number);
// expires_in is a string on the wire (§1.2); a number is taken too.
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: digits });
const errorSchema = z.object({ requestId: z.string().optional(), errorCode: z.string(), errorMessage: z.string() });
const pushAcceptedSchema = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.string(),
  ResponseDescription: z.string(),
  CustomerMessage: z.string(),
});
// The query's ResultCode is a string, unlike the callback's (§1.6).
const queryFinalSchema = z.object({ ResponseCode: z.string(), ResultCode: digits, ResultDesc: z.string() });

interface Reply {
  status: number;
  json: unknown;
}

export function createDarajaClient(config: DarajaConfig, options: { now?: () => Date; timeoutMs?: number } = {}): DarajaClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | null = null;
  // One token request at a time, however many pushes start together.
  let pending: Promise<string> | null = null;

  async function send(what: string, path: string, init: RequestInit): Promise<Reply> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'unknown';
      throw new DarajaError(`Daraja ${what}: no answer (${reason})`, 0, undefined, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined; // bad-credential answers are not always JSON (§1.2)
    }
    return { status: response.status, json };
  }

  function failure(what: string, reply: Reply): DarajaError {
    const parsed = errorSchema.safeParse(reply.json);
    if (parsed.success) return new DarajaError(`Daraja ${what}: ${parsed.data.errorMessage} (${parsed.data.errorCode})`, reply.status, parsed.data.errorCode);
    return new DarajaError(`Daraja ${what}: unexpected answer (HTTP ${reply.status})`, reply.status);
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const reply = await send('OAuth', '/oauth/v1/generate?grant_type=client_credentials', { headers: { Authorization: `Basic ${basic}` } });
    const parsed = tokenSchema.safeParse(reply.json);
    if (reply.status !== 200 || !parsed.success) throw failure('OAuth', reply);
    // Kept until 60 s before it runs out, so a request never leaves with a dying token.
    token = { value: parsed.data.access_token, expiresAt: now().getTime() + (parsed.data.expires_in - 60) * 1000 };
    return token.value;
  }

  function getToken(): Promise<string> {
    if (token && now().getTime() < token.expiresAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** An authorised POST; on an invalid-token answer, one fresh token and one retry (§1.2). */
  async function post(what: string, path: string, body: () => Record<string, unknown>): Promise<Reply> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await getToken();
      const reply = await send(what, path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body()),
      });
      const error = errorSchema.safeParse(reply.json);
      if (attempt === 1 && reply.status >= 400 && error.success && error.data.errorCode === INVALID_TOKEN) {
        if (token?.value === bearer) token = null;
        continue;
      }
      return reply;
    }
  }

  // A fresh Timestamp and Password for every call, retries included (§1.6).
  function credentials() {
    const timestamp = darajaTimestamp(now());
    return { BusinessShortCode: config.shortcode, Password: darajaPassword(config.shortcode, config.passkey, timestamp), Timestamp: timestamp };
  }

  return {
    async stkPush(input) {
      if (!Number.isSafeInteger(input.amountKes) || input.amountKes < 1) {
        throw new DarajaError('Daraja STK push: the amount must be a whole number of shillings, at least 1', 0);
      }
      const reply = await post('STK push', '/mpesa/stkpush/v1/processrequest', () => ({
        ...credentials(),
        TransactionType: config.transactionType,
        Amount: input.amountKes,
        PartyA: input.phone,
        PartyB: config.partyB,
        PhoneNumber: input.phone,
        CallBackURL: input.callbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: input.description,
      }));
      const parsed = pushAcceptedSchema.safeParse(reply.json);
      if (reply.status !== 200 || !parsed.success) throw failure('STK push', reply);
      const accepted = parsed.data;
      return {
        merchantRequestId: accepted.MerchantRequestID,
        checkoutRequestId: accepted.CheckoutRequestID,
        responseCode: accepted.ResponseCode,
        responseDescription: accepted.ResponseDescription,
        customerMessage: accepted.CustomerMessage,
      };
    },

    async stkQuery(checkoutRequestId) {
      const reply = await post('STK query', '/mpesa/stkpushquery/v1/query', () => ({ ...credentials(), CheckoutRequestID: checkoutRequestId }));
      if (reply.status === 500 && errorSchema.safeParse(reply.json).data?.errorCode === BEING_PROCESSED) return { state: 'pending' };
      const parsed = queryFinalSchema.safeParse(reply.json);
      if (reply.status !== 200 || !parsed.success) throw failure('STK query', reply);
      if (parsed.data.ResultCode === STILL_PROCESSING) return { state: 'pending' };
      return { state: 'final', resultCode: parsed.data.ResultCode, resultDesc: parsed.data.ResultDesc };
    },
  };
}

/**
 * A local Daraja that speaks the real wire format (docs/integrations.md §1.10), so the real client runs
 * in every test and in development. Register it with `{ prefix: '/__sim/daraja' }` and point
 * MPESA_BASE_URL at that prefix. The outcome of a push is chosen by the phone's last four
 * digits (SIMULATOR_PHONES), so tests are deterministic. State lives in this plugin instance.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { StkCallbackBody } from './callback.js';
import { darajaPassword, darajaTimestamp } from './client.js';

export interface DarajaSimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** How long the "customer" takes to answer the prompt; 1000 ms unless told. */
  callbackDelayMs?: number;
  /** How long a phone that never answers takes to time out (1037); 30 000 ms unless told. */
  slowDelayMs?: number;
  now?: () => Date;
  /** Adds `POST /__test/revoke-tokens`, which forgets every token issued (tests of the refresh). */
  testHooks?: boolean;
}

/** The outcome of a push is chosen by the phone's last four digits. */
export const SIMULATOR_PHONES = {
  success: '254708374149',
  cancelled: '254700001032',
  insufficient: '254700000001',
  wrongPin: '254700002001',
  noAnswer: '254700001037',
  noCallback: '254700000404',
} as const;

/** The public sandbox shortcode and passkey (§1.3), with made-up consumer credentials. */
export const SIMULATOR_CREDENTIALS = {
  consumerKey: 'sim-key',
  consumerSecret: 'sim-secret',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
} as const;

interface Outcome {
  resultCode: number;
  resultDesc: string;
  slow: boolean;
  postCallback: boolean;
}

const SUCCESS: Outcome = { resultCode: 0, resultDesc: 'The service request is processed successfully.', slow: false, postCallback: true };
const OUTCOMES: Record<string, Outcome> = {
  '1032': { resultCode: 1032, resultDesc: 'Request cancelled by user', slow: false, postCallback: true },
  '0001': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', slow: false, postCallback: true },
  '2001': { resultCode: 2001, resultDesc: 'The initiator information is invalid.', slow: false, postCallback: true },
  '1037': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', slow: true, postCallback: true },
  // Paid, but the callback is lost, as sandbox callbacks sometimes are (§1.5): only the query tells.
  '0404': { ...SUCCESS, postCallback: false },
};

type Settled = StkCallbackBody['Body']['stkCallback'];

interface Transaction {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  settled?: Settled;
}

const PHONE = /^254(7|1)\d{8}$/;
const TOKEN_LIFETIME_S = 3599;
const MAX_AMOUNT = 250_000;
// A dev server can run for days; the oldest transactions make way.
const MAX_TRANSACTIONS = 10_000;
const RECEIPT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
// Daraja takes numbers or strings for its numeric fields; samples send both.
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const someDigits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
const newRequestId = () => `${randomInt(1000, 99_999)}-${someDigits(8)}-1`;

/** Timestamp → ms since the epoch, reading it as Kenya time (UTC+3, no DST); null if it is no real time. */
function timestampMs(timestamp: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y ?? 0, (mo ?? 0) - 1, d ?? 0, (h ?? 0) - 3, mi ?? 0, s ?? 0);
  // Date.UTC rolls 20261332 over into the next year; a round trip catches it.
  return darajaTimestamp(new Date(ms)) === timestamp ? ms : null;
}

function validUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const darajaSimulator: FastifyPluginAsync<DarajaSimulatorOptions> = async (fastify, options) => {
  const now = options.now ?? (() => new Date());
  const callbackDelayMs = options.callbackDelayMs ?? 1000;
  const slowDelayMs = options.slowDelayMs ?? 30_000;
  const tokens = new Map<string, number>();
  const transactions = new Map<string, Transaction>();
  const receipts = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  fastify.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  const fail = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string, requestId = newRequestId()) =>
    reply.code(status).send({ requestId, errorCode, errorMessage });
  const badRequest = (reply: FastifyReply, field: string) => fail(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

  function knownBearer(request: FastifyRequest): boolean {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const expiresAt = match?.[1] ? tokens.get(match[1]) : undefined;
    return expiresAt !== undefined && now().getTime() < expiresAt;
  }

  const freshTimestamp = (value: unknown) => {
    const ms = typeof value === 'string' ? timestampMs(value) : null;
    return ms !== null && Math.abs(ms - now().getTime()) <= 3_600_000;
  };
  const rightPassword = (body: Record<string, unknown>) =>
    body.Password === darajaPassword(options.shortcode, options.passkey, text(body.Timestamp) ?? '');

  /** The first field that breaks its rule, in a fixed order. */
  function invalidField(rules: [string, boolean][]): string | undefined {
    return rules.find(([, ok]) => !ok)?.[0];
  }

  function newCheckoutRequestId(): string {
    for (;;) {
      const id = `ws_CO_${darajaTimestamp(now())}${someDigits(9)}`;
      if (!transactions.has(id)) return id;
    }
  }

  function newReceipt(): string {
    for (;;) {
      const receipt = Array.from({ length: 10 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
      if (!receipts.has(receipt)) {
        receipts.add(receipt);
        return receipt;
      }
    }
  }

  function remember(transaction: Transaction) {
    transactions.set(transaction.checkoutRequestId, transaction);
    const oldest = transactions.keys().next().value;
    if (transactions.size > MAX_TRANSACTIONS && oldest !== undefined) transactions.delete(oldest);
  }

  async function postCallback(url: string, stkCallback: Settled) {
    const body: StkCallbackBody = { Body: { stkCallback } };
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      // Daraja does not care whether the merchant got it either (§1.5).
      fastify.log.debug({ err: error, checkoutRequestId: stkCallback.CheckoutRequestID }, 'daraja simulator: callback not delivered');
    }
  }

  function settle(transaction: Transaction, outcome: Outcome) {
    const settled: Settled = {
      MerchantRequestID: transaction.merchantRequestId,
      CheckoutRequestID: transaction.checkoutRequestId,
      ResultCode: outcome.resultCode,
      ResultDesc: outcome.resultDesc,
    };
    if (outcome.resultCode === 0) {
      settled.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: transaction.amount },
          { Name: 'MpesaReceiptNumber', Value: newReceipt() },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(now())) },
          { Name: 'PhoneNumber', Value: Number(transaction.phone) },
        ],
      };
    }
    transaction.settled = settled;
    if (outcome.postCallback) void postCallback(transaction.callbackUrl, settled);
  }

  function schedule(transaction: Transaction) {
    const outcome = OUTCOMES[transaction.phone.slice(-4)] ?? SUCCESS;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        settle(transaction, outcome);
      },
      outcome.slow ? slowDelayMs : callbackDelayMs,
    );
    // A pending prompt must not keep a test run or a closing server alive.
    timer.unref();
    timers.add(timer);
  }

  fastify.get('/oauth/v1/generate', async (request, reply) => {
    const query = isRecord(request.query) ? request.query : {};
    const expected = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return fail(reply, 400, '400.008.01', 'Invalid Authentication passed');
    if (query.grant_type !== 'client_credentials') return fail(reply, 400, '400.008.02', 'Invalid grant type passed');
    const token = randomBytes(21).toString('base64url');
    tokens.set(token, now().getTime() + TOKEN_LIFETIME_S * 1000);
    return { access_token: token, expires_in: String(TOKEN_LIFETIME_S) };
  });

  fastify.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
    if (!knownBearer(request)) return fail(reply, 404, '404.001.03', 'Invalid Access Token');
    const body = isRecord(request.body) ? request.body : {};
    const amount = typeof body.Amount === 'string' && /^\d+$/.test(body.Amount) ? Number(body.Amount) : body.Amount;
    const type = body.TransactionType;
    const partyB = text(body.PartyB) ?? '';
    const reference = text(body.AccountReference) ?? '';
    const description = text(body.TransactionDesc) ?? '';
    const invalid = invalidField([
      ['BusinessShortCode', text(body.BusinessShortCode) === options.shortcode],
      ['Timestamp', freshTimestamp(body.Timestamp)],
      ['Password', rightPassword(body)],
      ['TransactionType', type === 'CustomerPayBillOnline' || type === 'CustomerBuyGoodsOnline'],
      ['Amount', typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_AMOUNT],
      ['PartyA', PHONE.test(text(body.PartyA) ?? '')],
      // A paybill is paid into the shortcode itself; a till has its own number.
      ['PartyB', type === 'CustomerBuyGoodsOnline' ? /^\d{5,8}$/.test(partyB) : partyB === options.shortcode],
      ['PhoneNumber', PHONE.test(text(body.PhoneNumber) ?? '')],
      ['CallBackURL', validUrl(body.CallBackURL)],
      ['AccountReference', reference.length >= 1 && reference.length <= 12],
      ['TransactionDesc', description.length >= 1 && description.length <= 13],
    ]);
    if (invalid) return badRequest(reply, invalid);

    const transaction: Transaction = {
      merchantRequestId: newRequestId(),
      checkoutRequestId: newCheckoutRequestId(),
      amount: Number(amount),
      phone: text(body.PhoneNumber) ?? '',
      callbackUrl: String(body.CallBackURL),
    };
    remember(transaction);
    schedule(transaction);
    return {
      MerchantRequestID: transaction.merchantRequestId,
      CheckoutRequestID: transaction.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  fastify.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
    if (!knownBearer(request)) return fail(reply, 404, '404.001.03', 'Invalid Access Token');
    const body = isRecord(request.body) ? request.body : {};
    const invalid = invalidField([
      ['BusinessShortCode', text(body.BusinessShortCode) === options.shortcode],
      ['Timestamp', freshTimestamp(body.Timestamp)],
      ['Password', rightPassword(body)],
    ]);
    if (invalid) return badRequest(reply, invalid);
    const id = text(body.CheckoutRequestID);
    const transaction = id === undefined ? undefined : transactions.get(id);
    if (!transaction) return badRequest(reply, 'CheckoutRequestID');
    const settled = transaction.settled;
    if (!settled) return fail(reply, 500, '500.001.1001', 'The transaction is being processed', transaction.checkoutRequestId);
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successfully',
      MerchantRequestID: settled.MerchantRequestID,
      CheckoutRequestID: settled.CheckoutRequestID,
      // A string here, unlike the callback (§1.6).
      ResultCode: String(settled.ResultCode),
      ResultDesc: settled.ResultDesc,
    };
  });

  if (options.testHooks) {
    fastify.post('/__test/revoke-tokens', async (_request, reply) => {
      tokens.clear();
      return reply.code(204).send();
    });
  }
};

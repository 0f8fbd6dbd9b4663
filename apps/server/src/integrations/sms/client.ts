/**
 * A thin typed client for Africa's Talking bulk SMS (docs/integrations.md §8) on Node's fetch:
 * `POST {base}/version1/messaging`, form-encoded, the key in an `apiKey` header. A gateway that
 * does not answer, or answers anything but its JSON, is an `SmsError`; the key never appears in
 * a log line or an error message.
 */
import { z } from 'zod';

/** The bases of §8.1; the sandbox's username is always 'sandbox'. */
export const AFRICAS_TALKING_BASE = { live: 'https://api.africastalking.com', sandbox: 'https://api.sandbox.africastalking.com' } as const;
export const SMS_PATH = '/version1/messaging';

/** The per-recipient status codes at sending (§8.3). */
export const AT_STATUS_CODES: Record<number, string> = {
  100: 'Processed',
  101: 'Sent',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

/** 100 to 102: the gateway took the text; any other code refused it. */
export const acceptedCode = (statusCode: number) => statusCode >= 100 && statusCode <= 102;

export interface SmsResult {
  /** As the gateway wrote it back, E.164. */
  number: string;
  /** 'Success' when taken, else the refusal's name ('InvalidPhoneNumber', 'InsufficientBalance', …). */
  status: string;
  statusCode: number;
  /** Null when the gateway gave none (a refused number). */
  messageId: string | null;
  /** The gateway's own text, 'KES 0.8000'. */
  cost: string;
  costCents: number;
}

export interface SmsProvider {
  send(to: string[], message: string): Promise<SmsResult[]>;
}

/** `status` 0: no HTTP answer (network failure or timeout). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SmsError';
  }
}

export interface AfricasTalkingConfig {
  /** One of AFRICAS_TALKING_BASE, or the simulator (`…/__sim/africastalking`). */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The registered alphanumeric or short code; unset, the account's default. */
  senderId?: string | undefined;
}

/**
 * 'KES 0.8000' → 80 cents, rounded up: a part of a cent the gateway charges is still charged.
 * Works on the digits, never a float; anything that is not a KES amount reads as 0.
 */
export function costCents(cost: string): number {
  const match = /^(?:KES\s+)?(\d{1,12})(?:\.(\d+))?$/.exec(cost.trim());
  if (!match) return 0;
  const fraction = match[2] ?? '';
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return /[1-9]/.test(fraction.slice(2)) ? cents + 1 : cents;
}

// statusCode arrives as a number; a string of digits is taken too.
const code = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(
      z.object({
        statusCode: code,
        number: z.string(),
        status: z.string(),
        cost: z.string().default('0'),
        messageId: z.string().nullish(),
      }),
    ),
  }),
});

export function createAfricasTalkingClient(config: AfricasTalkingConfig, options: { timeoutMs?: number } = {}): SmsProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}${SMS_PATH}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    async send(to, message) {
      const form = new URLSearchParams({ username: config.username, to: to.join(','), message });
      if (config.senderId) form.set('from', config.senderId);
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { apiKey: config.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'unknown';
        throw new SmsError(`Africa's Talking: no answer (${reason})`, 0, { cause: error });
      }
      // A bad key or username is a 401 with a line of text, not JSON.
      if (response.status < 200 || response.status > 299) throw new SmsError(`Africa's Talking: HTTP ${response.status}`, response.status);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new SmsError(`Africa's Talking: an answer that is not JSON (HTTP ${response.status})`, response.status);
      }
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new SmsError(`Africa's Talking: an answer of another shape (HTTP ${response.status})`, response.status);
      return parsed.data.SMSMessageData.Recipients.map((r) => ({
        number: r.number,
        status: r.status,
        statusCode: r.statusCode,
        messageId: r.messageId && r.messageId !== 'None' ? r.messageId : null,
        cost: r.cost,
        costCents: costCents(r.cost),
      }));
    },
  };
}

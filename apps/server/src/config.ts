import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AFRICAS_TALKING_BASE } from './integrations/sms/client.js';
import { serverRoot } from './paths.js';

// `data` at the repository's root, wherever the command runs from: `npm start` and the
// other npm scripts run inside apps/server, where a relative default would land.
const DEFAULT_DATA_DIR = path.resolve(serverRoot, '../..', 'data');

/** Where the user ran the command: npm scripts run in the workspace, npm keeps the caller's directory in INIT_CWD. */
function invokedFrom(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD || process.cwd();
}

/** false, a number of hops, or the proxies' addresses and CIDR ranges: what Fastify's trustProxy takes. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: `false`, a hop count (`1`: one proxy in front) or a comma-separated list of proxy
 * addresses/CIDRs. `true` is refused: it trusted the left-most X-Forwarded-For, which any client
 * writes itself (decision 050). Answers the problem as a string.
 */
function parseTrustProxy(value: string): { value: TrustProxy } | string {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return { value: false };
  if (v === 'true') {
    return 'true trusted any X-Forwarded-For a client wrote; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? { value: hops } : 'a hop count from 0 to 10';
  }
  const entries = v.split(',').map((x) => x.trim()).filter(Boolean);
  const bad = entries.filter((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad.length > 0) return `not an address or CIDR range: ${bad.join(', ')} (use a hop count like 1, or addresses like 127.0.0.1,10.0.0.0/8)`;
  return { value: entries };
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: 127.0.0.1 outside production (decision 050), 0.0.0.0 in production.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kuku <no-reply@kuku.farm>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Multiplies every auth rate limit: end-to-end suites register many users from one address.
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1000).default(1),
  // Decision 050: a number of proxy hops or the proxies' addresses; never "any header a client wrote".
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (typeof trust === 'string') ctx.addIssue({ code: 'custom', message: trust });
      return typeof trust === 'string' ? false : trust.value;
    }),
  WEB_DIST: z.string().optional(),
  // Signs report download links; every process behind one load balancer needs the same one.
  REPORT_LINK_SECRET: z.string().min(32).optional(),
  NOTICE_LINK_SECRET: z.string().min(32).optional(),
  // Billing (decision 032; docs/integrations.md §1, §2).
  PUBLIC_URL: z.string().url().optional(),
  SUBSCRIPTION_PRICE_KES: z.coerce.number().int().min(1).max(70_000).default(2500),
  PAYMENT_SIMULATORS: z.enum(['auto', 'on', 'off']).default('auto'),
  MPESA_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  MPESA_BASE_URL: z.string().url().optional(),
  MPESA_CONSUMER_KEY: z.string().optional(),
  MPESA_CONSUMER_SECRET: z.string().optional(),
  MPESA_SHORTCODE: z.string().regex(/^\d{5,7}$/).default('174379'),
  MPESA_PASSKEY: z.string().optional(),
  MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']).default('CustomerPayBillOnline'),
  MPESA_PARTY_B: z.string().regex(/^\d{5,7}$/).optional(),
  MPESA_TILL_NUMBER: z.string().regex(/^\d{5,7}$/).optional(),
  MPESA_CALLBACK_URL: z.string().url().optional(),
  // A path segment of the callback URL: URL-safe characters only.
  MPESA_CALLBACK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{32,200}$/, 'at least 32 letters, digits, _ or -').optional(),
  // Comma-separated addresses Daraja calls back from (docs/integrations.md §1.8); unset, any (the secret path still holds).
  MPESA_CALLBACK_IPS: z.string().optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  // SMS through Africa's Talking (decision 075; docs/integrations.md §8): both, or the simulator outside production.
  AT_USERNAME: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'the Africa\'s Talking app username (sandbox for the sandbox)').optional(),
  AT_API_KEY: z.string().min(1).optional(),
  // A registered alphanumeric (at most 11 characters) or short code; unset, the account's default.
  AT_SENDER_ID: z.string().regex(/^[A-Za-z0-9 ]{1,11}$/, 'at most 11 letters, digits or spaces').optional(),
  // Comma-separated addresses delivery reports may come from; unset, this machine only.
  AT_CALLBACK_IPS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ips = (v ?? '').split(',').map((ip) => ip.trim()).filter(Boolean);
      const bad = ips.filter((ip) => isIP(ip) === 0);
      if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `not an address: ${bad.join(', ')}` });
      return ips;
    }),
  PAYSTACK_BASE_URL: z.string().url().optional(),
  SUPPORT_CHAT_URL: z.string().optional(),
  // Contact and support (decision 033).
  SUPPORT_EMAIL: z.string().email().default('support@kuku.farm'),
  SUPPORT_PHONE: z.string().regex(/^\d{9,15}$/, 'digits with the country code, e.g. 254700123456').optional(),
  SUPPORT_WHATSAPP: z.string().regex(/^\d{9,15}$/, 'digits with the country code, e.g. 254700123456').optional(),
  // Web Push (docs/integrations.md §4): both keys or neither (then a pair is made once and kept in DATA_DIR).
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: address').default('mailto:support@kuku.farm'),
  // Social sign-in (docs/integrations.md §3, decision 038): unset, a simulated Google in development and tests, none in production.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
}).refine((e) => !e.GOOGLE_CLIENT_ID || Boolean(e.GOOGLE_CLIENT_SECRET), {
  message: 'set GOOGLE_CLIENT_SECRET with GOOGLE_CLIENT_ID',
  path: ['GOOGLE_CLIENT_SECRET'],
}).refine((e) => !e.GOOGLE_CLIENT_ID || e.NODE_ENV !== 'production' || Boolean(e.PUBLIC_URL), {
  // The redirect URI registered with Google is built from it; a request's Host header is not trusted for it.
  message: 'set PUBLIC_URL with GOOGLE_CLIENT_ID in production',
  path: ['PUBLIC_URL'],
}).refine((e) => e.NODE_ENV !== 'production' || Boolean(e.PUBLIC_URL) || !(e.PAYSTACK_SECRET_KEY || e.PAYMENT_SIMULATORS === 'on'), {
  // The card provider sends the browser back there; a request's Host header is not trusted for it (decision 050).
  message: 'set PUBLIC_URL with card payments in production',
  path: ['PUBLIC_URL'],
}).refine((e) => Boolean(e.AT_USERNAME) === Boolean(e.AT_API_KEY), {
  message: 'set both AT_USERNAME and AT_API_KEY, or neither',
  path: ['AT_API_KEY'],
}).refine((e) => Boolean(e.VAPID_PUBLIC_KEY) === Boolean(e.VAPID_PRIVATE_KEY), {
  message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
  path: ['VAPID_PRIVATE_KEY'],
});

export type ProviderMode = 'live' | 'simulator' | 'off';

export interface MpesaConfig {
  mode: ProviderMode;
  /** Unset in simulator mode: the simulator runs in this process, at its own address. */
  baseUrl: string | undefined;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  partyB: string;
  tillNumber: string;
  /** The public HTTPS base Daraja calls back; unset, this process's own address. */
  callbackUrl: string | undefined;
  callbackSecret: string | undefined;
  /** Where callbacks may come from; empty, anywhere. */
  callbackIps: string[];
}

/** SMS through Africa's Talking (decision 075): live with a username and key, else the simulator or off like the payments. */
export interface SmsConfig {
  mode: ProviderMode;
  /** Unset in simulator mode: the simulator runs in this process, at its own address. */
  baseUrl: string | undefined;
  username: string;
  apiKey: string;
  senderId: string | undefined;
  /** Where delivery reports may come from; empty, this machine only. */
  callbackIps: string[];
}

/** Sign-in with Google: live with a client id, else simulated in-process outside production, else off. */
export interface GoogleSignInConfig {
  mode: ProviderMode;
  clientId: string;
  clientSecret: string;
  /** Unset in simulator mode: the simulated issuer runs in this process, at its own address. */
  issuer: string | undefined;
  /** The redirect URI's base; unset, the origin the browser used (not in production). */
  publicUrl: string | undefined;
}

export interface CardConfig {
  mode: ProviderMode;
  baseUrl: string | undefined;
  secretKey: string;
}

export interface BillingConfig {
  priceCents: number;
  publicUrl: string | undefined;
  supportUrl: string;
  mpesa: MpesaConfig;
  card: CardConfig;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A directory, or 'memory://' for a throwaway embedded database (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  rateLimitScale: number;
  trustProxy: TrustProxy;
  /** The built web app to serve, or null to serve the API only. */
  webDist: string | null;
  /** Else one is made once and kept in DATA_DIR (decision 031). */
  reportLinkSecret: string | undefined;
  /** Signs notice mails' unsubscribe links (decision 076); else one is made once and kept in DATA_DIR. */
  noticeLinkSecret: string | undefined;
  billing: BillingConfig;
  support: { email: string; phone: string | null; whatsapp: string | null };
  /** Unset keys: a pair is made once and kept in DATA_DIR. */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  google: GoogleSignInConfig;
  sms: SmsConfig;
};

const DARAJA_BASE = { sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' } as const;
// The simulators' own credentials (docs/integrations.md §1.10, §2.5): nothing real.
const SIMULATED_MPESA = { consumerKey: 'sim-key', consumerSecret: 'sim-secret', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919' };
const SIMULATED_CARD_KEY = 'sk_test_sim_kuku';

/**
 * A provider is live with its credentials; without them it is simulated in development and
 * tests (or when PAYMENT_SIMULATORS=on) and off in production, so a deployment that forgot its
 * keys never lets anyone pay with a simulator.
 */
function providerMode(hasCredentials: boolean, simulators: 'auto' | 'on' | 'off', env: Config['env']): ProviderMode {
  if (hasCredentials) return 'live';
  if (simulators === 'on' || (simulators === 'auto' && env !== 'production')) return 'simulator';
  return 'off';
}

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const mpesaMode = providerMode(Boolean(e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET && e.MPESA_PASSKEY), e.PAYMENT_SIMULATORS, e.NODE_ENV);
  const cardMode = providerMode(Boolean(e.PAYSTACK_SECRET_KEY), e.PAYMENT_SIMULATORS, e.NODE_ENV);
  const live = mpesaMode === 'live';
  return {
    priceCents: e.SUBSCRIPTION_PRICE_KES * 100,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    supportUrl: e.SUPPORT_CHAT_URL || '/contact',
    mpesa: {
      mode: mpesaMode,
      baseUrl: live ? (e.MPESA_BASE_URL ?? DARAJA_BASE[e.MPESA_ENV]) : e.MPESA_BASE_URL,
      consumerKey: live ? (e.MPESA_CONSUMER_KEY ?? '') : SIMULATED_MPESA.consumerKey,
      consumerSecret: live ? (e.MPESA_CONSUMER_SECRET ?? '') : SIMULATED_MPESA.consumerSecret,
      shortcode: e.MPESA_SHORTCODE,
      passkey: live ? (e.MPESA_PASSKEY ?? '') : SIMULATED_MPESA.passkey,
      transactionType: e.MPESA_TRANSACTION_TYPE,
      partyB: e.MPESA_PARTY_B ?? e.MPESA_SHORTCODE,
      tillNumber: e.MPESA_TILL_NUMBER ?? e.MPESA_PARTY_B ?? e.MPESA_SHORTCODE,
      callbackUrl: e.MPESA_CALLBACK_URL?.replace(/\/+$/, ''),
      callbackSecret: e.MPESA_CALLBACK_SECRET,
      callbackIps: (e.MPESA_CALLBACK_IPS ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
    },
    card: {
      mode: cardMode,
      baseUrl: cardMode === 'live' ? (e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co') : e.PAYSTACK_BASE_URL,
      secretKey: cardMode === 'live' ? (e.PAYSTACK_SECRET_KEY ?? '') : SIMULATED_CARD_KEY,
    },
  };
}

// The simulator's own credentials (docs/integrations.md §8.6): nothing real.
const SIMULATED_SMS = { username: 'sandbox', apiKey: 'atsk_sim_kuku' };

function smsConfig(e: z.infer<typeof envSchema>): SmsConfig {
  const mode = providerMode(Boolean(e.AT_USERNAME && e.AT_API_KEY), e.PAYMENT_SIMULATORS, e.NODE_ENV);
  const live = mode === 'live';
  return {
    mode,
    // The sandbox has its own host, and its app's username is always 'sandbox' (§8.1).
    baseUrl: live ? AFRICAS_TALKING_BASE[e.AT_USERNAME === 'sandbox' ? 'sandbox' : 'live'] : undefined,
    username: live ? (e.AT_USERNAME ?? '') : SIMULATED_SMS.username,
    apiKey: live ? (e.AT_API_KEY ?? '') : SIMULATED_SMS.apiKey,
    senderId: e.AT_SENDER_ID,
    callbackIps: e.AT_CALLBACK_IPS,
  };
}

// The simulated issuer's own client (decision 038): nothing real.
const SIMULATED_GOOGLE = { clientId: 'kuku-simulated-client', clientSecret: 'kuku-simulated-secret' };

function googleSignInConfig(e: z.infer<typeof envSchema>): GoogleSignInConfig {
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  if (e.GOOGLE_CLIENT_ID) {
    return { mode: 'live', clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET ?? '', issuer: e.OIDC_ISSUER, publicUrl };
  }
  const mode = e.NODE_ENV === 'production' ? 'off' : 'simulator';
  return { mode, ...SIMULATED_GOOGLE, issuer: undefined, publicUrl };
}

/** Reads the environment once; a bad value stops the start with a clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Development conveniences (dev outbox, simulators) must not face a network by default (decision 050).
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: e.DATA_DIR?.startsWith('memory://') ? e.DATA_DIR : e.DATA_DIR ? path.resolve(invokedFrom(env), e.DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ?? path.resolve(serverRoot, '../web/dist'),
    reportLinkSecret: e.REPORT_LINK_SECRET,
    noticeLinkSecret: e.NOTICE_LINK_SECRET,
    billing: billingConfig(e),
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE ?? e.SUPPORT_WHATSAPP ?? null, whatsapp: e.SUPPORT_WHATSAPP ?? null },
    push: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    google: googleSignInConfig(e),
    sms: smsConfig(e),
  };
}

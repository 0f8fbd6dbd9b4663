/**
 * 'Continue with Google' (docs/product.md §2, §7; docs/design.md §6; docs/integrations.md §3; decision 038). The browser
 * leaves for the provider with state, a nonce and a PKCE challenge, their values kept in one
 * encrypted httpOnly cookie; it comes back with a code that openid-client turns into checked
 * claims. The account is found by the identity (provider, sub), else by an email the provider
 * has verified, else made with a farm of its own. The web app gets a one-time code (60 s) in
 * the product's `token` parameter and exchanges it for a session: no session token in an address.
 * The code is good only with the cookie set beside it in the same browser (decision 048).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  authMessages,
  emailSchema,
  SOCIAL_CODE_TTL_SECONDS,
  USERNAME_MAX,
  usernameFromProfile,
  type SocialProvider,
  type User,
} from '@kuku/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../app-error.js';
import type { GoogleSignInConfig } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { farmMembers, oneTimeCodes, sessions, userIdentities, users } from '../../db/schema/index.js';
import { createOidcClient, OidcResponseRefused, type IdentityClaims, type SignInChecks } from '../../integrations/oidc/client.js';
import { startSimulatedGoogle, type SimulatedGoogle } from '../../integrations/oidc/simulator.js';
import { publicOrigin } from '../../public-origin.js';
import { keptSecret } from '../../secrets.js';
import { hashPassword, hashToken, newSessionToken } from './secrets.js';
import { createFarmOwner, findUserByEmail, openSession } from './service.js';

/** The API's path of the provider's calls; the cookie is sent to nothing else. */
export const GOOGLE_PATH = '/api/auth/google';
export const SIGN_IN_COOKIE = 'kuku_google_sign_in';
const COOKIE_MAX_AGE_SECONDS = 600;
/** docs/product.md §2's /auth/{social-provider}/callback of the web app: relative, so it is the origin the provider sent back to. */
const WEB_CALLBACK = '/auth/google/callback';
export const WEB_FAILURE = `${WEB_CALLBACK}?error=authentication_failed`;
/** The code's browser binding (decision 048): sent to the exchange alone, for as long as the code lives. */
export const EXCHANGE_PATH = '/api/auth/social/exchange';
export const CODE_COOKIE = 'kuku_social_code';

/** A sign-in that must end with 'Authentication failed': the reason goes to the log, never to the user. */
export class SocialSignInRefused extends Error {
  override name = 'SocialSignInRefused';
}

// ---------------------------------------------------------------------------------------------
// Accounts

function verifiedEmail(claims: IdentityClaims): string {
  // An address the provider has not verified proves nothing: it must not find, link or make an account.
  if (!claims.emailVerified) throw new SocialSignInRefused('the provider has not verified the email');
  const parsed = emailSchema.safeParse(claims.email);
  if (!parsed.success) throw new SocialSignInRefused('the provider sent no usable email');
  return parsed.data;
}

/** The profile's name made a free username: as it is, else with a short random tail. */
async function freeUsername(tx: DbOrTx, base: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = attempt === 0 ? base : `${base.slice(0, USERNAME_MAX - 5)}_${randomBytes(2).toString('hex')}`;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, candidate.toLowerCase()))
      .limit(1);
    if (!taken) return candidate;
  }
  return `${base.slice(0, USERNAME_MAX - 9)}_${randomBytes(4).toString('hex')}`;
}

async function knownIdentity(db: DbOrTx, provider: SocialProvider, subject: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId;
}

async function linkOrCreate(tx: DbOrTx, provider: SocialProvider, claims: IdentityClaims, unusablePassword: string, now: Date): Promise<number> {
  const known = await knownIdentity(tx, provider, claims.subject);
  if (known !== undefined) return known;
  const email = verifiedEmail(claims);
  const existing = await findUserByEmail(tx, email);
  let userId: number;
  if (existing) {
    if (!existing.emailVerified) {
      // Whoever chose this account's password never proved the address: it must not open the owner's account.
      await tx.update(users).set({ emailVerified: true, passwordHash: unusablePassword, hasPassword: false }).where(eq(users.id, existing.id));
    }
    // A verified email is one this account proved itself (an email changes only by a code sent to it, decision 048),
    // so the provider's person is its owner. The first link still ends every session the account had: whoever
    // held one before the owner came by Google is signed out.
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    // An invited member proves the address as the invitation's code would: they join, the code ends.
    await tx.update(farmMembers).set({ joinedAt: now }).where(and(eq(farmMembers.userId, existing.id), isNull(farmMembers.joinedAt)));
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.userId, existing.id), eq(oneTimeCodes.purpose, 'invitation'), isNull(oneTimeCodes.consumedAt)));
    userId = existing.id;
  } else {
    const username = await freeUsername(tx, usernameFromProfile(claims.name, email));
    const { user } = await createFarmOwner(tx, { username, email, passwordHash: unusablePassword, emailVerified: true, hasPassword: false }, now);
    userId = user.id;
  }
  await tx.insert(userIdentities).values({ provider, subject: claims.subject, userId, email, createdAt: now });
  return userId;
}

/**
 * The Kuku user behind the provider's claims: the linked identity, else the account of the
 * verified email (linked now), else a new owner with a farm and the trial, email verified.
 */
export async function signInWithIdentity(db: Db, provider: SocialProvider, claims: IdentityClaims, now = new Date()): Promise<number> {
  if (!claims.subject) throw new SocialSignInRefused('the provider sent no subject');
  const known = await knownIdentity(db, provider, claims.subject);
  if (known !== undefined) return known;
  // Nobody can sign in with it; a password comes only through 'Forgot password'.
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => linkOrCreate(tx, provider, claims, unusablePassword, now));
    } catch (error) {
      // Two first sign-ins of one account at once: the second finds the first one's rows on its retry.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The code the web app exchanges for a session: random, stored as its SHA-256, good once for a minute. */
export async function issueSocialCode(db: DbOrTx, userId: number, now = new Date()): Promise<string> {
  const code = newSessionToken();
  await db.insert(oneTimeCodes).values({
    userId,
    purpose: 'social_sign_in',
    codeHash: hashToken(code),
    expiresAt: new Date(now.getTime() + SOCIAL_CODE_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return code;
}

/** POST /auth/social/exchange: the code ends in the same statement that finds it, so only one caller gets a session. */
export async function exchangeSocialCode(db: Db, code: string, now = new Date()): Promise<{ token: string; user: User }> {
  const [used] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashToken(code)),
        eq(oneTimeCodes.purpose, 'social_sign_in'),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  if (!used) throw unauthenticated(authMessages.authenticationFailed);
  return openSession(db, used.userId, now);
}

// ---------------------------------------------------------------------------------------------
// The checks' cookie: AES-256-GCM, so it can be neither read nor altered by anyone but this server.

const COOKIE_AAD = Buffer.from('kuku google sign-in v1');

interface SealedChecks extends SignInChecks {
  /** Epoch ms after which the cookie is refused whatever the browser kept. */
  expiresAt: number;
}

export function sealChecks(key: Buffer, checks: SignInChecks, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(COOKIE_AAD);
  const payload: SealedChecks = { ...checks, expiresAt: now + COOKIE_MAX_AGE_SECONDS * 1000 };
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The checks of a cookie this server sealed less than ten minutes ago, else null. */
export function openChecks(key: Buffer, value: string | undefined, now = Date.now()): SignInChecks | null {
  if (!value || value.length > 2048) return null;
  try {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(COOKIE_AAD);
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    if (!('state' in parsed && 'nonce' in parsed && 'codeVerifier' in parsed && 'expiresAt' in parsed)) return null;
    const { state, nonce, codeVerifier, expiresAt } = parsed;
    if (!isString(state) || !isString(nonce) || !isString(codeVerifier) || typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

function cookieFrom(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * What the browser that finished the sign-in holds for its code: an HMAC of the code under the
 * sign-in cookie's key. A code carried to another browser (login CSRF) comes without it.
 */
export function codeBinding(key: Buffer, code: string): string {
  return createHmac('sha256', key).update('kuku social code v1\0').update(code).digest('base64url');
}

export function codeBelongsHere(key: Buffer, code: string, cookie: string | undefined): boolean {
  if (!cookie) return false;
  const expected = Buffer.from(codeBinding(key, code));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function codeCookie(value: string, maxAge: number, secure: boolean): string {
  // Lax: the exchange is a same-origin fetch, which Lax sends; a cross-site POST does not carry it.
  return `${CODE_COOKIE}=${value}; Path=${EXCHANGE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function signInCookie(value: string, maxAge: number, secure: boolean): string {
  // Lax, not Strict: the provider's return is a cross-site top-level GET, which Strict would send without it.
  return `${SIGN_IN_COOKIE}=${value}; Path=${GOOGLE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// ---------------------------------------------------------------------------------------------
// The provider

export interface GoogleSignIn {
  /** Offered to the web app: live with a client, or the simulated Google outside production. */
  offered: boolean;
  /** Sets the checks' cookie and answers the provider's authorization URL to send the browser to. */
  start(request: FastifyRequest, reply: FastifyReply, loginHint?: string): Promise<string>;
  /** The provider's return: where to send the browser (the web app's callback, with a code or the failure). */
  finish(request: FastifyRequest, reply: FastifyReply, query: { error?: string }): Promise<string>;
  /** POST /auth/social/exchange: the code, from the browser that finished the sign-in only, for a session. */
  exchange(request: FastifyRequest, reply: FastifyReply, code: string): Promise<{ token: string; user: User }>;
  close(): Promise<void>;
}

/**
 * The cookie's key. Live, it is derived from the client secret, which every process behind a
 * load balancer shares; simulated, one kept in DATA_DIR (or this process's, in memory).
 */
async function cookieKey(config: GoogleSignInConfig, dataDir: string): Promise<Buffer> {
  if (config.mode === 'live') {
    return Buffer.from(hkdfSync('sha256', config.clientSecret, 'kuku', 'google sign-in cookie', 32));
  }
  return keptSecret(undefined, dataDir, 'social-sign-in.key');
}

function describe(error: unknown): { error: string } {
  // Name, code and message only: an error's cause can hold the provider's answer, tokens and all.
  if (!(error instanceof Error)) return { error: String(error) };
  const code = 'code' in error ? error.code : undefined;
  return { error: `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}` };
}

export async function createGoogleSignIn(app: FastifyInstance): Promise<GoogleSignIn> {
  const config = app.config.google;
  const key = await cookieKey(config, app.config.dataDir);
  let simulator: Promise<SimulatedGoogle> | null = null;
  const simulated = () => {
    simulator ??= startSimulatedGoogle().catch((error: unknown) => {
      simulator = null;
      throw error;
    });
    return simulator;
  };
  const client = createOidcClient({
    issuer: async () => config.issuer ?? (await simulated()).issuer,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    allowInsecure: app.config.env !== 'production',
  });
  // The exact redirect URI registered with the provider: PUBLIC_URL, else this process's own address (decision 050), never a Host header.
  const redirectUri = (request: FastifyRequest) => `${publicOrigin(app, request) ?? ''}${GOOGLE_PATH}/callback`;
  const fail = (log: FastifyBaseLogger, error: unknown) => {
    if (error instanceof SocialSignInRefused || error instanceof OidcResponseRefused) log.warn({ reason: error.message }, 'social sign-in refused');
    else log.error(describe(error), 'social sign-in failed');
    return WEB_FAILURE;
  };

  return {
    offered: config.mode !== 'off',

    async start(request, reply, loginHint) {
      if (config.mode === 'off') return WEB_FAILURE;
      try {
        const checks = client.newChecks();
        const uri = redirectUri(request);
        const url = await client.authorizationUrl(checks, uri, loginHint ? { login_hint: loginHint } : {});
        reply.header('set-cookie', signInCookie(sealChecks(key, checks), COOKIE_MAX_AGE_SECONDS, uri.startsWith('https:')));
        return url.href;
      } catch (error) {
        return fail(request.log, error);
      }
    },

    async finish(request, reply, query) {
      const uri = redirectUri(request);
      // One try per cookie: whatever happens next, it is gone.
      reply.header('set-cookie', signInCookie('', 0, uri.startsWith('https:')));
      try {
        if (config.mode === 'off') throw new SocialSignInRefused('social sign-in is off');
        if (query.error) throw new SocialSignInRefused(`the provider answered ${query.error.slice(0, 100)}`);
        const checks = openChecks(key, cookieFrom(request, SIGN_IN_COOKIE));
        if (!checks) throw new SocialSignInRefused('no sign-in cookie, or an altered or expired one');
        const callbackUrl = new URL(uri);
        const at = request.url.indexOf('?');
        callbackUrl.search = at >= 0 ? request.url.slice(at) : '';
        const claims = await client.claims(callbackUrl, checks);
        const userId = await signInWithIdentity(app.db, 'google', claims);
        const code = await issueSocialCode(app.db, userId);
        reply.header('set-cookie', codeCookie(codeBinding(key, code), SOCIAL_CODE_TTL_SECONDS, uri.startsWith('https:')));
        return `${WEB_CALLBACK}?token=${encodeURIComponent(code)}`;
      } catch (error) {
        return fail(request.log, error);
      }
    },

    async exchange(request, reply, code) {
      const binding = cookieFrom(request, CODE_COOKIE);
      // Spent or refused, the binding is of no further use.
      reply.header('set-cookie', codeCookie('', 0, redirectUri(request).startsWith('https:')));
      if (!codeBelongsHere(key, code, binding)) {
        request.log.warn({ reason: binding ? "another browser's code" : 'no code cookie' }, 'social sign-in refused');
        throw unauthenticated(authMessages.authenticationFailed);
      }
      return exchangeSocialCode(app.db, code);
    },

    async close() {
      if (simulator) await (await simulator.catch(() => null))?.close();
    },
  };
}

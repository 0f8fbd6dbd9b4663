import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { OTP_LENGTH } from '@kuku/domain';

// OWASP's floor for argon2id: 19 MiB, 2 passes, 1 lane; hashed on libuv's pool, never on the event loop (decision 003).
// 2 is Algorithm.Argon2id; the enum is const and cannot be read under isolatedModules.
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no account matches keeps a wrong username as slow as a wrong password.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** 256 random bits, base64url: the bearer token the client keeps. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so a leaked sessions table logs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code from the CSPRNG. */
export function newOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** salt$sha256(salt+code): codes live 10 minutes with 5 tries, so a fast salted hash suffices. */
export function hashOtp(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${createHash('sha256').update(salt + code).digest('hex')}`;
}

export function otpMatches(stored: string, code: string): boolean {
  const [salt, digest] = stored.split('$');
  if (!salt || !digest) return false;
  const actual = createHash('sha256').update(salt + code).digest();
  return timingSafeEqual(actual, Buffer.from(digest, 'hex'));
}

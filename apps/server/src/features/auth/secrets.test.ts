import type * as NodeCrypto from 'node:crypto';
import { randomBytes, randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashOtp, hashPassword, hashToken, newOtp, newSessionToken, otpMatches, verifyPassword } from './secrets.js';

// The real CSPRNG, watched: the tests check that codes and tokens come from it.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt), randomBytes: vi.fn(actual.randomBytes) };
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

/** Pearson's chi-square of observed counts against a uniform spread. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}
// 9 degrees of freedom: 45 is exceeded by chance about once in 10^6 runs.
const CHI_SQUARE_9_DF_LIMIT = 45;

describe('one-time codes', () => {
  const SAMPLES = 2000;

  it('draws each code from crypto.randomInt over all 10^6 values, never Math.random', () => {
    const mathRandom = vi.spyOn(Math, 'random');
    newOtp();
    expect(randomInt).toHaveBeenCalledWith(0, 1_000_000);
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it('are 6 digits, spread evenly over every position, leading zeros kept', () => {
    const codes = Array.from({ length: SAMPLES }, () => newOtp());
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    // About 2 repeats are expected among 2,000 draws from a million.
    expect(new Set(codes).size).toBeGreaterThan(SAMPLES - 12);
    for (let position = 0; position < 6; position++) {
      const counts = Array.from({ length: 10 }, () => 0);
      for (const code of codes) counts[Number(code[position])]! += 1;
      expect(chiSquare(counts), `digit ${position + 1}: ${counts.join(',')}`).toBeLessThan(CHI_SQUARE_9_DF_LIMIT);
    }
    // Codes under 100000 are padded, not dropped: about a tenth start with 0.
    const leadingZero = codes.filter((c) => c.startsWith('0')).length;
    expect(leadingZero).toBeGreaterThan(SAMPLES * 0.05);
    expect(leadingZero).toBeLessThan(SAMPLES * 0.15);
  });

  it('are stored as a salted hash that never contains the code', () => {
    const code = newOtp();
    const a = hashOtp(code);
    const b = hashOtp(code);
    expect(a).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(code);
    expect(otpMatches(a, code)).toBe(true);
    expect(otpMatches(b, code)).toBe(true);
    expect(otpMatches(a, code === '000000' ? '000001' : '000000')).toBe(false);
    expect(otpMatches('garbage', code)).toBe(false);
  });
});

describe('session tokens', () => {
  it('carry 256 random bits from crypto.randomBytes, and only their SHA-256 is stored', () => {
    const tokens = Array.from({ length: 1000 }, () => newSessionToken());
    expect(randomBytes).toHaveBeenCalledWith(32);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens.slice(0, 50)) {
      // At least 128 bits is the requirement; these have 256.
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(token).toMatch(/^[\w-]{43}$/);
      const stored = hashToken(token);
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      expect(stored).not.toContain(token);
      expect(hashToken(token)).toBe(stored);
    }
  });

  it('spread their bits evenly (no fixed or biased byte)', () => {
    const counts = Array.from({ length: 16 }, () => 0);
    for (let i = 0; i < 2000; i++) {
      for (const byte of Buffer.from(newSessionToken(), 'base64url')) counts[byte >> 4]! += 1;
    }
    // 15 degrees of freedom: 60 is exceeded by chance far less than once in 10^6 runs.
    expect(chiSquare(counts)).toBeLessThan(60);
  });
});

describe('passwords', () => {
  it('are hashed with argon2id at m >= 19 MiB, t >= 2, read back from the hash string', async () => {
    const stored = await hashPassword('correct horse battery');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(stored);
    expect(match, stored).not.toBeNull();
    const [, memoryKiB, passes, lanes] = match!.map(Number);
    expect(memoryKiB).toBeGreaterThanOrEqual(19 * 1024);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(lanes).toBeGreaterThanOrEqual(1);
    expect(stored).not.toContain('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(stored);
  });
});

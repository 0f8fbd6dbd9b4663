/**
 * Download links (DESIGN §6): SPEC's client opens a report's `content` in the browser, where no
 * Authorization header goes, so `content` is a link signed with a server secret that works for
 * REPORT_LINK_SECONDS. The signature covers the report, its farm, the file and the expiry.
 */
import { REPORT_LINK_SECONDS, type ReportFormat } from '@kuku/domain';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface LinkTarget {
  id: number;
  farmId: number;
  format: ReportFormat;
}

const signature = (secret: Buffer, target: LinkTarget, exp: number) =>
  createHmac('sha256', secret).update(`report:${target.id}:${target.farmId}:${target.format}:${exp}`).digest('base64url');

/** The signed path of a report's file, valid from `now` for REPORT_LINK_SECONDS. */
export function signedFileLink(secret: Buffer, target: LinkTarget, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + REPORT_LINK_SECONDS;
  return `/api/reports/${target.id}/file?format=${target.format}&exp=${exp}&sig=${signature(secret, target, exp)}`;
}

/** Whether `exp` and `sig` were signed for `target` and have not expired. */
export function linkIsValid(secret: Buffer, target: LinkTarget, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expiry = Number(exp);
  if (expiry * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, target, expiry));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The secret: REPORT_LINK_SECRET when set (every process behind one load balancer shares it),
 * else one made once and kept in DATA_DIR, else (an in-memory database) one for this process.
 */
export async function reportLinkSecret(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  if (dataDir.startsWith('memory://')) return randomBytes(32);
  const file = path.join(dataDir, 'secrets', 'report-links.key');
  try {
    return Buffer.from(await readFile(file, 'utf8'), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  try {
    await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(await readFile(file, 'utf8'), 'base64url');
    throw error;
  }
}

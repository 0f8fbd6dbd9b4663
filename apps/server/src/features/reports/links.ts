/**
 * Download links (docs/design.md §6): the product's client opens a report's `content` in the browser, where no
 * Authorization header goes, so `content` is a link signed with a server secret that works for
 * REPORT_LINK_SECONDS. The signature covers the report, its farm, the file and the expiry.
 */
import { REPORT_LINK_SECONDS, type ReportFormat } from '@kuku/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { keptSecret } from '../../secrets.js';

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

/** The secret: REPORT_LINK_SECRET when set, else one kept in DATA_DIR (keptSecret). */
export const reportLinkSecret = (configured: string | undefined, dataDir: string): Promise<Buffer> =>
  keptSecret(configured, dataDir, 'report-links.key');

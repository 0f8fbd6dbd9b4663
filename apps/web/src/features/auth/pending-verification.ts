import { OTP_TTL_MINUTES } from '@kuku/domain';

/**
 * The email waiting for its code, kept across a reload: on a low-end phone the tab
 * is often reloaded while the farmer switches to the mail app to read the code.
 */
const KEY = 'kuku.pendingVerification';

export interface PendingVerification {
  email: string;
  /** When the last code was sent (ms since epoch): the resend countdown runs from it. */
  sentAt: number;
}

export function savePendingVerification(pending: PendingVerification): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage unavailable: the view still works until a reload.
  }
}

export function clearPendingVerification(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The pending verification while its code can still be valid, else null. */
export function readPendingVerification(now = Date.now()): PendingVerification | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { email, sentAt } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof sentAt !== 'number') return null;
    if (now - sentAt > OTP_TTL_MINUTES * 60_000) return null;
    return { email, sentAt };
  } catch {
    return null;
  }
}

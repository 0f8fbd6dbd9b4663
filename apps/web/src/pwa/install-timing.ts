/** When the install popup may show (docs/product.md §2 shell): never installed, and not cancelled in the last 30 days. */
export const INSTALL_SNOOZE_DAYS = 30;
export const INSTALL_CANCELLED_KEY = 'kuku.install-cancelled-at';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The popup is offered unless the app already runs installed, or it was cancelled less than
 * `INSTALL_SNOOZE_DAYS` ago. A cancel time in the future (a phone's clock put right) counts
 * as just cancelled.
 */
export function shouldOfferInstall({ now, cancelledAt, installed }: { now: number; cancelledAt: number | null; installed: boolean }): boolean {
  if (installed) return false;
  if (cancelledAt === null) return true;
  return now - cancelledAt >= INSTALL_SNOOZE_DAYS * DAY_MS;
}

/** The time the popup was last cancelled, or null (never, storage off, or not a number). */
export function readInstallCancelledAt(storage: Storage = window.localStorage): number | null {
  try {
    const value = Number(storage.getItem(INSTALL_CANCELLED_KEY) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberInstallCancelled(now: number, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(INSTALL_CANCELLED_KEY, String(now));
  } catch {
    // Private mode: the popup may come back next visit, nothing worse.
  }
}

/** Running as the installed app (display-mode standalone; iOS says so on navigator). */
export function isInstalled(win: { navigator: object; matchMedia: (query: string) => { matches: boolean } } = window): boolean {
  const iosStandalone = 'standalone' in win.navigator && win.navigator.standalone === true;
  return iosStandalone || win.matchMedia('(display-mode: standalone)').matches;
}

/** Chromium's `beforeinstallprompt` event: not in TypeScript's DOM types. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event;
}

import { describe, expect, it } from 'vitest';
import {
  INSTALL_CANCELLED_KEY,
  INSTALL_SNOOZE_DAYS,
  isInstalled,
  isInstallPromptEvent,
  readInstallCancelledAt,
  rememberInstallCancelled,
  shouldOfferInstall,
} from './install-timing';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 24, 9, 0);

describe('shouldOfferInstall', () => {
  it.each([
    ['never cancelled', null, false, true],
    ['cancelled a minute ago', now - 60_000, false, false],
    ['cancelled 29 days 23 hours ago', now - 30 * DAY + 60 * 60 * 1000, false, false],
    ['cancelled exactly 30 days ago', now - 30 * DAY, false, true],
    ['cancelled 45 days ago', now - 45 * DAY, false, true],
    ['cancelled "tomorrow" (the clock was put back)', now + DAY, false, false],
    ['already installed', null, true, false],
    ['installed, cancelled long ago', now - 90 * DAY, true, false],
  ])('%s → %s', (_case, cancelledAt, installed, expected) => {
    expect(shouldOfferInstall({ now, cancelledAt, installed })).toBe(expected);
  });

  it('snoozes for the 30 days of docs/product.md §2', () => {
    expect(INSTALL_SNOOZE_DAYS).toBe(30);
  });
});

describe('the remembered Cancel', () => {
  it('is kept in localStorage as a timestamp and read back', () => {
    expect(readInstallCancelledAt()).toBeNull();
    rememberInstallCancelled(now);
    expect(window.localStorage.getItem(INSTALL_CANCELLED_KEY)).toBe(String(now));
    expect(readInstallCancelledAt()).toBe(now);
  });

  it('reads a value that is not a time as never cancelled', () => {
    window.localStorage.setItem(INSTALL_CANCELLED_KEY, 'soon');
    expect(readInstallCancelledAt()).toBeNull();
  });
});

describe('isInstalled', () => {
  const windowWith = (standalone: boolean, iosStandalone?: boolean) => ({
    navigator: iosStandalone === undefined ? {} : { standalone: iosStandalone },
    matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }),
  });

  it('is true in display-mode standalone, or when iOS says it runs from the home screen', () => {
    expect(isInstalled(windowWith(true))).toBe(true);
    expect(isInstalled(windowWith(false, true))).toBe(true);
    expect(isInstalled(windowWith(false, false))).toBe(false);
    expect(isInstalled(windowWith(false))).toBe(false);
  });
});

describe('isInstallPromptEvent', () => {
  it('knows the browser’s install offer by its prompt() and userChoice', () => {
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    expect(isInstallPromptEvent(offer)).toBe(true);
    expect(isInstallPromptEvent(new Event('beforeinstallprompt'))).toBe(false);
  });
});

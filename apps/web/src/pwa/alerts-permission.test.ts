import { describe, expect, it } from 'vitest';
import { ALERTS_DECLINED_KEY, alertsDeclined, alertsPermission, rememberAlertsDeclined, shouldAskForAlerts } from './alerts-permission';

describe('shouldAskForAlerts', () => {
  it.each([
    ['default', false, true],
    ['default', true, false],
    ['granted', false, false],
    ['denied', false, false],
    ['unsupported', false, false],
  ] as const)('permission %s, declined before %s → %s', (permission, declined, expected) => {
    expect(shouldAskForAlerts({ permission, declined })).toBe(expected);
  });
});

describe('the remembered refusal', () => {
  it('is kept in localStorage, so the farmer is never asked again on this phone', () => {
    expect(alertsDeclined()).toBe(false);
    rememberAlertsDeclined(Date.UTC(2026, 10, 24));
    expect(window.localStorage.getItem(ALERTS_DECLINED_KEY)).toBe('2026-11-24T00:00:00.000Z');
    expect(alertsDeclined()).toBe(true);
  });
});

describe('alertsPermission', () => {
  it('is unsupported without the Notification, Push and service worker APIs (jsdom has none of them)', () => {
    expect(alertsPermission()).toBe('unsupported');
  });
});

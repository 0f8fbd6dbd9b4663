import { describe, expect, it } from 'vitest';
import { formatKesPrice } from './common/money.js';
import { instantDayText } from './common/day-text.js';
import { periodNotice } from './billing-rules.js';
import { clipText, hearsLiveUpdate, LIVE_UPDATE_PERMISSIONS, type LiveUpdateType } from './notifications-rules.js';
import { notificationTexts } from './notification-texts.js';
import { vaccinationNotice } from './vaccinations-rules.js';
import { notificationListQuerySchema, socketMessageSchema } from './notifications.js';

describe('notifications', () => {
  it('pages 20 at a time unless asked, at most 100', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(notificationListQuerySchema.parse({ page: '2', pageSize: '3' })).toEqual({ page: 2, pageSize: 3 });
    expect(notificationListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(notificationListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('words each source with its facts', () => {
    expect(notificationTexts.vaccinationDue('Gumboro', 'Layers A', '25 Nov 2026').message).toBe('Gumboro for Layers A is due on 25 Nov 2026.');
    expect(notificationTexts.paymentReceived(250_000, '24 Dec 2026', 'SIM123').message).toBe(`${formatKesPrice(250_000)} received (receipt SIM123). Paid until 24 Dec 2026.`);
    expect(notificationTexts.paymentReceived(250_000, '24 Dec 2026', null).message).toBe(`${formatKesPrice(250_000)} received. Paid until 24 Dec 2026.`);
  });

  it('clips text past its limit with an ellipsis', () => {
    expect(clipText('  short ', 10)).toBe('short');
    expect(clipText('abcdefghijk', 5)).toBe('abcd…');
    expect(clipText('abcdefghijk', 5)).toHaveLength(5);
  });

  it('reads a socket message of any product type, with a notification when it carries one', () => {
    expect(socketMessageSchema.parse({ type: 'sale', action: 'added', id: 3, name: 'sale_added' })).toEqual({ type: 'sale', action: 'added', id: 3, name: 'sale_added' });
    const notification = { id: 1, title: 'T', message: 'M', type: 'info', date: '2026-11-24T06:00:00.000Z', read: false, link: '/billing' };
    expect(socketMessageSchema.parse({ type: 'notification', action: 'added', id: 1, notification }).notification).toEqual(notification);
    expect(socketMessageSchema.safeParse({ action: 'added' }).success).toBe(false);
  });
});

describe('a notification says a day on the farm clock', () => {
  it('names the day an instant falls on in the farm time zone', () => {
    // 22:30Z on the 24th is already the 25th in Nairobi (UTC+3).
    expect(instantDayText(new Date('2026-11-24T22:30:00Z'), 'Africa/Nairobi')).toBe('25 Nov 2026');
    expect(instantDayText(new Date('2026-11-24T22:30:00Z'), 'UTC')).toBe('24 Nov 2026');
  });
});

describe('the daily notices', () => {
  const now = new Date('2026-11-24T03:00:00Z');
  const facts = (trialEndsAt: string, paidUntil: string | null = null, suspendedAt: string | null = null) => ({
    trialStartedAt: new Date('2026-01-01T00:00:00Z'),
    trialEndsAt: new Date(trialEndsAt),
    paidUntil: paidUntil ? new Date(paidUntil) : null,
    suspendedAt: suspendedAt ? new Date(suspendedAt) : null,
  });

  it('tells of a trial or a paid month ending within 5 days, or ended within the grace days', () => {
    expect(periodNotice(facts('2026-11-28T00:00:00Z'), now)?.kind).toBe('trialEnding');
    expect(periodNotice(facts('2026-11-30T00:00:00Z'), now)).toBeNull();
    expect(periodNotice(facts('2026-11-20T00:00:00Z'), now)?.kind).toBe('trialEnded');
    expect(periodNotice(facts('2026-11-10T00:00:00Z'), now)).toBeNull();
    expect(periodNotice(facts('2026-10-01T00:00:00Z', '2026-11-27T00:00:00Z'), now)?.kind).toBe('subscriptionEnding');
    expect(periodNotice(facts('2026-10-01T00:00:00Z', '2026-11-22T00:00:00Z'), now)?.kind).toBe('subscriptionEnded');
    expect(periodNotice(facts('2026-11-28T00:00:00Z', null, '2026-11-23T00:00:00Z'), now)).toBeNull();
  });

  it('tells of a pending vaccination due tomorrow, due within 7 days or overdue up to 30 days', () => {
    // Tomorrow on the farm's clock: 25 Nov in Nairobi, from 24 Nov 06:00 there.
    expect(vaccinationNotice(new Date('2026-11-25T05:00:00Z'), now)).toBe('tomorrow');
    expect(vaccinationNotice(new Date('2026-11-24T21:30:00Z'), now)).toBe('tomorrow');
    expect(vaccinationNotice(new Date('2026-11-25T21:30:00Z'), now)).toBe('due');
    // In Lima tomorrow is 24 Nov: this instant is its 22:00.
    expect(vaccinationNotice(new Date('2026-11-25T03:00:00Z'), now, 'America/Lima')).toBe('tomorrow');
    expect(vaccinationNotice(new Date('2026-11-30T00:00:00Z'), now)).toBe('due');
    expect(vaccinationNotice(new Date('2026-12-02T00:00:00Z'), now)).toBeNull();
    expect(vaccinationNotice(new Date('2026-11-23T00:00:00Z'), now)).toBe('overdue');
    expect(vaccinationNotice(new Date('2026-10-20T00:00:00Z'), now)).toBeNull();
  });

  it('tells a worker nothing of money over the socket, and the roles that see money everything (decision 049)', () => {
    const types = Object.keys(LIVE_UPDATE_PERMISSIONS) as LiveUpdateType[];
    const money: LiveUpdateType[] = ['sale', 'expense', 'budget', 'financial', 'report', 'payment'];
    expect(types.filter((type) => hearsLiveUpdate('worker', type)).sort()).toEqual(types.filter((type) => !money.includes(type)).sort());
    for (const role of ['owner', 'manager', 'auditor'] as const) expect(types.every((type) => hearsLiveUpdate(role, type))).toBe(true);
  });
});

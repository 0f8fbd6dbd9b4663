import { randomInt } from 'node:crypto';
import { noticeSettingsWords } from '../packages/domain/src/notice-settings-words.js';
import { noticeWords } from '../packages/domain/src/notice-words.js';
import { phoneConfirmationWords } from '../packages/domain/src/phone-confirmation-words.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, paths, shot, test } from './fixtures.js';

/** The newest 6-digit code texted to `to` (E.164), read from the dev outbox's texts (decision 075). */
async function smsCodeFor(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const texts = (await (await request.get('/api/dev/outbox/sms')).json()) as { to: string; body: string }[];
      const text = texts.find((t) => t.to === to);
      code = text ? /\b(\d{6})\b/.exec(text.body)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

const kindRow = (page: Page, kind: keyof typeof noticeWords.kinds) => page.getByRole('group', { name: noticeWords.kinds[kind] });

// Decision 076: SMS goes only to a phone confirmed by a code sent to it; then SMS can be chosen per kind.
test.describe('/my-profile notices', () => {
  test('confirm the phone by the SMS code, then turn SMS on for a kind', async ({ signedInPage: page, request }) => {
    // A number of its own, ending in 1: the SMS simulator delivers it.
    const local = `0712${String(randomInt(0, 100_000)).padStart(5, '0')}1`;
    const e164 = `+254${local.slice(1)}`;

    await page.goto(paths.profile.getHref());
    await page.getByLabel('Phone Number').fill(local);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();

    await expect(page.getByRole('heading', { name: noticeSettingsWords.title })).toBeVisible();
    const budgetSms = kindRow(page, 'budget').getByRole('switch', { name: noticeWords.channels.sms });
    await budgetSms.scrollIntoViewIfNeeded();
    await expect(budgetSms).toBeDisabled();
    await expect(page.getByText(noticeSettingsWords.smsNeedsPhone)).toBeVisible();
    await shot(page, 'notices-unconfirmed');

    await page.getByRole('button', { name: phoneConfirmationWords.sendCode }).click();
    await expect(page.getByText(phoneConfirmationWords.codeSent)).toBeVisible();
    await page.getByLabel(phoneConfirmationWords.codeLabel).fill(await smsCodeFor(request, e164));
    await page.getByRole('button', { name: phoneConfirmationWords.confirm }).click();
    await expect(page.getByText(phoneConfirmationWords.confirmedBadge, { exact: true })).toBeVisible();
    await expect(page.getByText(noticeSettingsWords.smsNeedsPhone)).toHaveCount(0);

    // A budget exceeded goes by SMS only when chosen.
    await expect(budgetSms).toBeEnabled();
    await expect(budgetSms).not.toBeChecked();
    // Mid-screen: the toasts sit at the bottom of a phone's screen.
    const budget = kindRow(page, 'budget');
    await budget.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/notices') && r.request().method() === 'PUT');
    await budgetSms.click();
    expect((await saved).status()).toBe(200);
    await expect(budgetSms).toBeChecked();
    await shot(page, 'notices-confirmed');

    await page.reload();
    const again = kindRow(page, 'budget').getByRole('switch', { name: noticeWords.channels.sms });
    await again.scrollIntoViewIfNeeded();
    await expect(again).toBeChecked();
    await expect(page.getByText(phoneConfirmationWords.confirmedBadge, { exact: true })).toBeVisible();
  });
});

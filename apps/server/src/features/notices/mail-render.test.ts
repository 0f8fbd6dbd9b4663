import { existsSync } from 'node:fs';
import { notificationTexts } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_MAIL_HEADERS, noticeMail, withLinks } from './mail.js';
import { askPage, refusedPage } from './page.js';

/**
 * Decision 076: a notice's mail as a phone's mail client draws it, and the unsubscribe page: the
 * HTML opened in Chromium at 390 px, in English and Kiswahili, fits the width, loads nothing from
 * elsewhere, and shows its button; a PNG of each is written to /tmp to be looked at.
 */
const CHROMIUM = '/usr/bin/chromium';
const ORIGIN = 'https://kuku.example';
const UNSUBSCRIBE = `${ORIGIN}/api/notices/unsubscribe?token=12.vaccinations.1796600000.${'a'.repeat(43)}`;

let browser: Browser | undefined;
beforeAll(async () => {
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM });
});
afterAll(async () => {
  await browser?.close();
});

async function drawn(html: string, png: string) {
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.setContent(html, { waitUntil: 'load' });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(requests.filter((url) => !url.startsWith('about:') && !url.startsWith('data:'))).toEqual([]);
  await page.screenshot({ path: png, fullPage: true });
  return page;
}

describe('a notice mail and the unsubscribe page in a browser at 390 px', () => {
  for (const language of ['en', 'sw'] as const) {
    it.skipIf(!existsSync(CHROMIUM))(`the mail draws in ${language}: the farm, the words, the button back and the unsubscribe link`, async () => {
      const { title, message } = wordsIn(language, notificationTexts).vaccinationOverdue('Newcastle Disease (Lasota) booster', 'Kienyeji layers, house 2', '7 Dec 2026');
      const rendered = noticeMail({ language, farm: 'Shamba la Baraka na Wanawe', kind: 'vaccinations', title, message, link: '/vaccination/12' });
      const mail = withLinks({ ...rendered, headers: NOTICE_MAIL_HEADERS }, ORIGIN, UNSUBSCRIBE);
      expect(mail.headers['List-Unsubscribe']).toBe(`<${UNSUBSCRIBE}>`);
      const page = await drawn(mail.html, `/tmp/notice-mail-${language}.png`);
      const links = await page.locator('a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links).toEqual([`${ORIGIN}/vaccination/12`, UNSUBSCRIBE, `${ORIGIN}/my-profile`]);
      const button = await page.locator('a').first().boundingBox();
      expect(button?.height).toBeGreaterThanOrEqual(40);
      await page.close();
    });

    it.skipIf(!existsSync(CHROMIUM))(`the unsubscribe page draws in ${language}, its button a form that posts`, async () => {
      const page = await drawn(askPage(language, 'payments', 'wanjiku.kamau@example.com', 'token'), `/tmp/notice-unsubscribe-${language}.png`);
      expect(await page.locator('form[method="post"] button[type="submit"]').count()).toBe(1);
      await page.close();
      const refused = await drawn(refusedPage(language, 'expired'), `/tmp/notice-unsubscribe-expired-${language}.png`);
      await refused.close();
    });
  }
});

import { existsSync } from 'node:fs';
import type { WeeklyFigures } from '@kuku/domain';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryMail } from './mail.js';

/**
 * Decision 078: the summary's mail as a phone's mail client draws it: the HTML opened in Chromium
 * at 390 px, in English and Kiswahili, fits the width (nothing scrolls sideways) and its chart's
 * bars show; a PNG of each is written to /tmp to be looked at.
 */
const CHROMIUM = '/usr/bin/chromium';

const figures: WeeklyFigures = {
  week_start: '2026-11-30',
  week_end: '2026-12-06',
  through: '2026-12-06',
  farm_name: 'Shamba la Baraka na Wanawe',
  eggs: {
    collected: 6_345,
    per_day: [905, 921, 887, 930, 0, 912, 890].map((eggs, i) => ({ day: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'][i]!, eggs })),
    written_off: 48,
    sold_eggs: 5_700,
    sold_trays: 190,
    kept_eggs: 597,
  },
  sales: { count: 14, total_cents: 8_550_000, paid_cents: 7_200_000, pending_cents: 1_350_000, owed_cents: 2_150_000, buyers_owing: 3 },
  expenses: {
    count: 6,
    total_cents: 4_230_000,
    by_category: [
      { category: 'Feed', amount_cents: 3_600_000 },
      { category: 'Vet', amount_cents: 450_000 },
      { category: 'Transport', amount_cents: 180_000 },
    ],
    month: '2026-12',
    budget_cents: 20_000_000,
    budget_spent_cents: 4_230_000,
    over_budget_flocks: 0,
  },
  birds: { alive: 1_043, deaths: 4, sold: 0, culled: 3, added: 0 },
  feed: { records: 14, used_kg: 840.5, cost_cents: 3_600_000, days_left: 9, store_kg: 1_050 },
  balances: [
    { kind: 'eggs', name: '', unit: 'eggs', opening: 1_200, came_in: 6_345, went_out: 5_748, expected: 1_797, counted: 1_740, difference: -57, beyond_margin: true },
    { kind: 'feed', name: 'Layers mash (70 kg bags)', unit: 'bags', opening: 30, came_in: 0, went_out: 12, expected: 18, counted: 18, difference: 0, beyond_margin: false },
    { kind: 'birds', name: 'Kienyeji layers, house 2', unit: 'birds', opening: 1_050, came_in: 0, went_out: 7, expected: 1_043, counted: null, difference: null, beyond_margin: false },
  ],
};

let browser: Browser | undefined;
beforeAll(async () => {
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM });
});
afterAll(async () => {
  await browser?.close();
});

describe('the weekly summary mail in a browser at 390 px', () => {
  for (const language of ['en', 'sw'] as const) {
    it.skipIf(!existsSync(CHROMIUM))(`draws in ${language} without sideways scrolling, its bars shown`, async () => {
      const mail = summaryMail(figures, language, 'https://kuku.example/weekly-summaries?id=1');
      const page = await browser!.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
      // No request leaves the page: a mail client loads nothing the mail does not carry.
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.setContent(mail.html, { waitUntil: 'load' });
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      const bars = await page.locator('td[bgcolor]').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
      expect(bars).toHaveLength(6);
      expect(Math.max(...bars)).toBeGreaterThan(100);
      expect(requests.filter((url) => !url.startsWith('about:') && !url.startsWith('data:'))).toEqual([]);
      await page.screenshot({ path: `/tmp/summary-mail-${language}.png`, fullPage: true });
      await page.close();
    });
  }
});

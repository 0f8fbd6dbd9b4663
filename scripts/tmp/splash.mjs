import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const scheme of ['light', 'dark']) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
  const page = await ctx.newPage();
  await page.route('**/*.js', (r) => r.abort());
  await page.goto('http://localhost:3000/auth');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/splash-${scheme}.png` });
  await ctx.close();
}
await browser.close();

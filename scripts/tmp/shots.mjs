// Temporary: screenshots of a route at phone and desktop width, light and dark.
import { chromium } from 'playwright-core';
const [route, name, token, extra = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h, label] of [[390, 844, 'phone'], [1280, 900, 'desktop']]) {
  for (const scheme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1, colorScheme: scheme, locale: 'en-KE', timezoneId: 'Africa/Nairobi' });
    await ctx.addInitScript(([t, s]) => {
      localStorage.setItem('kuku.token', t);
      localStorage.setItem('kuku.color-scheme', s);
      localStorage.setItem('kuku.alerts-declined', 'x');
    }, [token, scheme]);
    const page = await ctx.newPage();
    await page.goto(`http://localhost:3000${route}`);
    await page.waitForTimeout(2500);
    if (extra) await eval(extra);
    await page.screenshot({ path: `/tmp/shot-${name}-${label}-${scheme}.png`, fullPage: false });
    await ctx.close();
  }
}
await browser.close();

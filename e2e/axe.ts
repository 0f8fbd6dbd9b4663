import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: what every screen is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Violation = axe.Result;

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Axe's violations on the page, or inside what `include` selects: every rule of WCAG_TAGS, or only
 * `rules`. axe-core runs in the page itself, put there once per document. @axe-core/playwright's
 * AxeBuilder did the same work in about five times the time (it puts axe in again and opens a
 * blank page to finish each run, decision 053); Kuku's pages have no frames for it to visit.
 */
export async function axeViolations(page: Page, { include, rules }: { include?: string; rules?: string[] } = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, rules, tags }) => {
      const run = await window.axe!.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
      });
      return run.violations;
    },
    { include, rules, tags: WCAG_TAGS },
  );
}

export const SCHEMES = ['light', 'dark'] as const;
/** Where the app keeps the scheme: Mantine's manager, under this localStorage key (apps/web/src/app/providers.tsx). */
export const COLOR_SCHEME_KEY = 'kuku.color-scheme';
export type Scheme = (typeof SCHEMES)[number];

/**
 * The rules whose outcome a colour scheme can change. A scheme is a repaint of the same markup
 * (the same roles, names, labels and structure), so the other rules run in the first scheme
 * only (decision 053).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Turns the page to `scheme` as another tab of the app would: the scheme is stored, and the
 * storage event reaches Mantine's manager, which repaints (its charts too) without a reload.
 */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(
    ([key, value]) => {
      const oldValue = window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: window.localStorage }));
    },
    [COLOR_SCHEME_KEY, scheme] as const,
  );
  // Dark really is dark: Mantine marks the document with the scheme it paints. Checked on every
  // frame: expect's retries would wait 100 ms or more for a repaint that takes one.
  await page.waitForFunction((want) => document.documentElement.dataset.mantineColorScheme === want, scheme);
}

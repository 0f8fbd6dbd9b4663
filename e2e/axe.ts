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

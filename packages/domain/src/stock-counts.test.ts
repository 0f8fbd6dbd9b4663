import { describe, expect, it } from 'vitest';
import { createStockCountsSchema, stockCountMarginSchema } from './stock-counts.js';
import {
  beyondMargin,
  countDifference,
  countedEggs,
  countNoticeText,
  expectedClosing,
  feedCountProblem,
  looseEggsProblem,
  stockCountMessages as m,
  stockCountWords,
  traysAndLoose,
  wholeCountProblem,
} from './stock-counts-rules.js';

describe('the balance arithmetic', () => {
  it('eggs: opening + collected − sold crates × 30 − written off', () => {
    expect(expectedClosing(400, { collected: 230 }, { sold: 5 * 30, adjusted: 20 })).toBe(460);
  });
  it('feed: decimals of bags add up without float dust', () => {
    expect(expectedClosing(10.1, { delivered: 0.2, corrected: 0 }, { fed: 0.3, removed: 0, corrected: 0 })).toBe(10);
  });
  it('birds: opening − deaths − sold − culled', () => {
    expect(expectedClosing(99, { added: 0, corrected: 1 }, { deaths: 3, sold: 10, culled: 2, corrected: 0 })).toBe(85);
  });
  it('the difference is counted − expected, negative when fewer were found', () => {
    expect(countDifference(385, 430)).toBe(-45);
    expect(countDifference(18.5, 18.2)).toBe(0.3);
  });
  it('eggs as trays and loose eggs, of the size', () => {
    expect(traysAndLoose(-45)).toEqual({ trays: 1, loose: 15 });
    expect(traysAndLoose(60)).toEqual({ trays: 2, loose: 0 });
    expect(countedEggs(12, 15)).toBe(375);
  });
});

describe('the margin', () => {
  it('a share of the expected figure, and for eggs at least one tray', () => {
    expect(beyondMargin('birds', -5, 100, 2)).toBe(true);
    expect(beyondMargin('birds', -2, 100, 2)).toBe(false);
    expect(beyondMargin('eggs', -29, 300, 0)).toBe(false);
    expect(beyondMargin('eggs', -45, 430, 2)).toBe(true);
    expect(beyondMargin('feed', 0, 10, 0)).toBe(false);
    // Records that say 0: measured against what was counted.
    expect(beyondMargin('feed', 3, 0, 2)).toBe(true);
  });
});

describe('counts refused', () => {
  it('a negative number, a fraction of a bird, too many loose eggs, too many decimals', () => {
    expect(wholeCountProblem(-1)).toBe(m.countNegative);
    expect(wholeCountProblem(2.5)).toBe(m.countWhole);
    expect(looseEggsProblem(30)).toBe(m.looseTooMany);
    expect(feedCountProblem(1.2345)).toBe(m.countDecimals);
    expect(feedCountProblem(2.5)).toBeNull();
  });
  it('the schema: nothing counted, a negative count, a repeated flock', () => {
    const refused = (body: object) => createStockCountsSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(refused({ date: '2026-12-01' })).toEqual([m.nothingCounted]);
    expect(refused({ date: '2026-12-01', eggs: { trays: -1 } })).toEqual([m.countNegative]);
    expect(refused({ date: '2026-12-01', birds: [{ flock_id: 1, birds: 10.5 }] })).toEqual([m.countWhole]);
    expect(refused({ date: '2026-12-01', birds: [{ flock_id: 1, birds: 1 }, { flock_id: 1, birds: 2 }] })).toEqual([m.repeated]);
    expect(createStockCountsSchema.parse({ date: '2026-12-01', eggs: { trays: '12', loose: '5' }, feed: [{ item_id: 3, quantity: '2.5' }] })).toMatchObject({
      eggs: { trays: 12, loose: 5 },
      feed: [{ item_id: 3, quantity: 2.5 }],
    });
    expect(stockCountMarginSchema.safeParse({ margin_percent: 51 }).success).toBe(false);
  });
});

describe('the notice', () => {
  it('says the gap in eggs and trays, birds or the feed unit', () => {
    const line = { dayText: '12 Dec', name: null, unit: 'eggs' };
    expect(countNoticeText(stockCountWords, { ...line, kind: 'eggs', difference: -45 })).toBe('Egg count 12 Dec: 45 eggs (1 tray 15) fewer than the records');
    expect(countNoticeText(stockCountWords, { ...line, kind: 'birds', name: 'Layers A', difference: -12 })).toBe('Head count 12 Dec, Layers A: 12 birds fewer than the records');
    expect(countNoticeText(stockCountWords, { ...line, kind: 'feed', name: 'Layers mash', unit: 'bags', difference: 2 })).toBe('Feed count 12 Dec, Layers mash: 2 bags more than the records');
  });
});

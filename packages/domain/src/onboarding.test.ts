import { describe, expect, it } from 'vitest';
import {
  isStepDone,
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEP_IDS,
  onboardingDoneCount,
  onboardingPercent,
  onboardingProgressKey,
  parseOnboardingProgress,
  serializeOnboardingProgress,
  SETUP_STEPS,
  type OnboardingCompletion,
} from './onboarding-rules.js';
import { onboardingAnswerSchema } from './onboarding.js';

const none: OnboardingCompletion = { flocks: false, eggs: false, sales: false, expenses: false, inventory: false, reports: false };

describe('the Getting Started steps (docs/product.md §2 Onboarding, §3 Setup step)', () => {
  it('are the product’s six, in its order, with its titles and routes', () => {
    expect(ONBOARDING_STEP_COUNT).toBe(6);
    expect(SETUP_STEPS.map((s) => [s.id, s.title, s.ctaLink])).toEqual([
      ['flocks', 'Flock Management', '/bird-management'],
      ['eggs', 'Egg Production', '/egg-production'],
      ['sales', 'Sales', '/sales-management'],
      ['expenses', 'Expenses', '/expenses'],
      ['inventory', 'Inventory', '/inventory'],
      ['reports', 'Finances & Reports', '/finances'],
    ]);
    expect(SETUP_STEPS.map((s) => s.id)).toEqual([...ONBOARDING_STEP_IDS]);
  });

  it('each has a description, a call to action and screenshots of its own', () => {
    for (const step of SETUP_STEPS) {
      expect(step.description.length).toBeGreaterThan(20);
      expect(step.ctaText).not.toBe('');
      expect(step.screenshots.length).toBeGreaterThanOrEqual(2);
      for (const shot of step.screenshots) expect(shot.file).toMatch(/^[a-z-]+\.webp$/);
    }
    const files = SETUP_STEPS.flatMap((s) => s.screenshots.map((shot) => shot.file));
    expect(new Set(files).size).toBe(files.length);
  });
});

describe('the progress (docs/product.md §9: a rounded percent of 6 steps)', () => {
  it.each([
    [0, 0],
    [1, 17],
    [2, 33],
    [3, 50],
    [4, 67],
    [5, 83],
    [6, 100],
    [7, 100],
    [-1, 0],
  ])('%i steps done is %i %%', (done, percent) => {
    expect(onboardingPercent(done)).toBe(percent);
  });

  it('counts a step once, ticked or completed by the farm’s records', () => {
    const byData = { ...none, flocks: true, reports: true };
    expect(isStepDone('flocks', [], byData)).toBe(true);
    expect(isStepDone('sales', ['sales'], byData)).toBe(true);
    expect(isStepDone('eggs', [], byData)).toBe(false);
    expect(isStepDone('eggs', [], undefined)).toBe(false);
    expect(onboardingDoneCount(['flocks', 'sales'], byData)).toBe(3);
    expect(onboardingDoneCount(['flocks'], undefined)).toBe(1);
  });
});

describe('the ticks kept in local storage (docs/product.md §4, §9)', () => {
  it('have a key a user', () => {
    expect(onboardingProgressKey(42)).toBe('kuku.onboarding-progress.42');
  });

  it('round-trip in the product’s order, once each', () => {
    expect(parseOnboardingProgress(serializeOnboardingProgress(['reports', 'flocks', 'flocks']))).toEqual(['flocks', 'reports']);
    expect(serializeOnboardingProgress([])).toBe('[]');
  });

  it.each([null, '', 'not json', '{"flocks":true}', '"flocks"', '[1, null, "chickens"]'])('read %j as nothing ticked', (raw) => {
    expect(parseOnboardingProgress(raw)).toEqual([]);
  });

  it('keep the known ids of a list with strangers in it', () => {
    expect(parseOnboardingProgress('["sales", "unknown", 3, "eggs"]')).toEqual(['eggs', 'sales']);
  });
});

describe('the answer of GET /api/onboarding', () => {
  it('is a boolean for each step, nothing else', () => {
    expect(onboardingAnswerSchema.parse({ ...none, eggs: true, extra: 1 })).toEqual({ ...none, eggs: true });
    expect(onboardingAnswerSchema.safeParse({ ...none, eggs: 'yes' }).success).toBe(false);
  });
});

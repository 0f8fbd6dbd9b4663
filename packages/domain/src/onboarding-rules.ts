/**
 * The Getting Started checklist (docs/product.md §2 Onboarding, §3 Setup step, §4 Onboarding, §9): its six
 * steps, their words, the percent rule and where the browser keeps the ticks. No zod: the
 * screen shows these before any schema loads (decision 017). The answer's schema is in
 * onboarding.ts; decision 037 says why a step also ticks itself from the farm's records.
 */
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §2's six steps, in its order; each id is the key of the same step in GET /api/onboarding. */
export const ONBOARDING_STEP_IDS = ['flocks', 'eggs', 'sales', 'expenses', 'inventory', 'reports'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

/** docs/product.md §9: onboarding has 6 steps. */
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEP_IDS.length;

/** A picture of one of Kuku's own screens, in `apps/web/public/onboarding/` (decision 037). */
export interface SetupScreenshot {
  /** The file name, served at `/onboarding/<file>`. */
  file: string;
  /** What the picture shows: its alt text and caption. */
  caption: string;
}

/**
 * docs/product.md §3 Setup step: title, description, ctaText, ctaLink, icon, completed, screenshots. The
 * icon is the web app's to draw and `completed` is worked out per user (`isStepDone`).
 */
export interface SetupStep {
  id: OnboardingStepId;
  title: string;
  description: string;
  ctaText: string;
  /** docs/product.md §2's route of the step. */
  ctaLink: string;
  /** Why the step is done when the farm's records complete it. */
  doneByData: string;
  screenshots: readonly SetupScreenshot[];
}

/** Every screenshot is taken at this size (CSS px, a 390 px phone's screen): the viewer reserves it. */
export const SETUP_SCREENSHOT_WIDTH = 390;
export const SETUP_SCREENSHOT_HEIGHT = 844;

/**
 * One step of the checklist: its route and pictures here, its words in onboardingMessages.steps,
 * read when a screen reads them (a Kiswahili page's words arrive after this module is made).
 */
function setupStep(id: OnboardingStepId, ctaLink: string, files: readonly string[]): SetupStep {
  const said = () => onboardingMessages.steps[id];
  return {
    id,
    get title() {
      return said().title;
    },
    get description() {
      return said().description;
    },
    get ctaText() {
      return said().ctaText;
    },
    ctaLink,
    get doneByData() {
      return said().doneByData;
    },
    screenshots: files.map((file, index) => ({
      file,
      get caption() {
        return said().captions[index] ?? '';
      },
    })),
  };
}

/** docs/product.md §2 Onboarding's table: the titles and routes are the product's. */
export const SETUP_STEPS: readonly SetupStep[] = [
  setupStep('flocks', '/bird-management', ['flocks-list.webp', 'flocks-add.webp']),
  setupStep('eggs', '/egg-production', ['eggs-stats.webp', 'eggs-add.webp']),
  setupStep('sales', '/sales-management', ['sales-overview.webp', 'sales-add.webp']),
  setupStep('expenses', '/expenses', ['expenses-overview.webp', 'expenses-add.webp']),
  setupStep('inventory', '/inventory', ['inventory-list.webp', 'inventory-add.webp']),
  setupStep('reports', '/finances', ['finances-overview.webp', 'reports-generate.webp']),
];

export const onboardingMessages = words(
  'onboarding',
  {
    // docs/product.md §2 route table: 'Getting started checklist'.
    title: 'Getting Started',
    welcome: 'Welcome to Kuku! Set up your farm in six steps: each one takes you to the screen where you do it.',
    help: 'Need a hand? ',
    contactUs: 'Contact Us',
    checklist: 'Getting Started checklist',
    progress: 'Setup progress',
    percentComplete: (percent: number) => `${percent}% complete`,
    stepsDone: (done: number) => `${done} of ${ONBOARDING_STEP_COUNT} steps done`,
    stepOf: (step: number) => `Step ${step} of ${ONBOARDING_STEP_COUNT}`,
    // docs/product.md §2's words.
    markedAsDone: 'Marked as Done',
    done: 'Done',
    reset: 'Reset Setup Progress',
    congratulations: 'Congratulations! Your farm is set up.',
    congratulationsText: 'You have done every step. Kuku now keeps your flocks, eggs, sales, expenses, stock and finances in one place.',
    resetNote: 'Reset clears the steps you marked as done. Steps your farm’s records complete stay done.',
    viewScreenshots: 'View screenshots',
    viewScreenshotsOf: (title: string) => `View screenshots of ${title}`,
    // The screenshots viewer (docs/product.md §2: next, previous, close, Esc).
    screenshotsOf: (title: string) => `${title} screenshots`,
    screenshotAlt: (title: string) => `Kuku’s ${title} screen`,
    next: 'Next',
    previous: 'Previous',
    close: 'Close',
    screenshotCount: (index: number, total: number) => `${index + 1} of ${total}`,
    loadFailed: 'Could not check your farm’s records. The steps you marked are shown.',
    /** Each step's words, by its id (SETUP_STEPS); `captions` are its screenshots', in their order. */
    steps: {
      flocks: {
        title: 'Flock Management',
        description: 'Add each flock with its breed, age and bird count, then keep its count and status up to date.',
        ctaText: 'Add a Flock',
        doneByData: 'Your farm has a flock.',
        captions: ['The flock list: each flock’s breed, age, bird count and status.', 'Add Flock: name, breed, age and how many birds.'],
      },
      eggs: {
        title: 'Egg Production',
        description: 'Record the eggs you collect each day in trays and eggs, and any breakage, giveaway or eggs eaten at home.',
        ctaText: 'Record Eggs',
        doneByData: 'Your farm has an egg production record.',
        captions: ['Egg production: this month’s eggs, trays and eggs in stock.', 'Add New Production: the flock, the day, trays and eggs.'],
      },
      sales: {
        title: 'Sales',
        description: 'Record what you sell (eggs, chicks, manure), who has paid and what is still pending.',
        ctaText: 'Record a Sale',
        doneByData: 'Your farm has a sale.',
        captions: ['Sales: this month’s revenue, what is paid and what is pending.', 'Create New Sale: category, quantity, price and how it was paid.'],
      },
      expenses: {
        title: 'Expenses',
        description: 'Record feed, vet, transport and other costs, and set a monthly budget for each flock.',
        ctaText: 'Add an Expense',
        doneByData: 'Your farm has an expense.',
        captions: ['Expenses: this week, this month and the budget used.', 'New Expense: the flock, the day, the amount and its category.'],
      },
      inventory: {
        title: 'Inventory',
        description: 'Keep feed, vaccines and supplies in stock, with a reorder level that warns you before you run out.',
        ctaText: 'Add an Item',
        doneByData: 'Your farm has an inventory item.',
        captions: ['Inventory: the value of your stock and what to reorder.', 'Add New Item: quantity, reorder level and cost per unit.'],
      },
      reports: {
        title: 'Finances & Reports',
        description: 'See revenue, expenses and net profit for each flock, and download reports of your records.',
        ctaText: 'View Finances',
        doneByData: 'Your farm has a report.',
        captions: ['Financial Dashboard: revenue, expenses and net profit.', 'Reports: choose the dates and categories, then download.'],
      },
    },
  },
  { sw: () => import('./sw/onboarding-rules.js') as Promise<Catalogues> },
);

/** docs/product.md §9: progress is a rounded percent of the six steps. */
export function onboardingPercent(doneCount: number): number {
  const done = Math.min(Math.max(0, Math.trunc(doneCount)), ONBOARDING_STEP_COUNT);
  return Math.round((done / ONBOARDING_STEP_COUNT) * 100);
}

/**
 * docs/product.md §9: onboarding progress is kept in local storage; one key a user, like the trial
 * welcome's marks, so two people sharing a phone keep their own.
 */
export const onboardingProgressKey = (userId: number) => `kuku.onboarding-progress.${userId}`;

const isStepId = (value: unknown): value is OnboardingStepId =>
  typeof value === 'string' && ONBOARDING_STEP_IDS.some((id) => id === value);

/** The stored ticks: a JSON list of step ids. Anything else (absent, garbled, old) reads as none. */
export function parseOnboardingProgress(raw: string | null): OnboardingStepId[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return ONBOARDING_STEP_IDS.filter((id) => value.some((entry: unknown) => isStepId(entry) && entry === id));
}

export function serializeOnboardingProgress(ticked: readonly OnboardingStepId[]): string {
  return JSON.stringify(ONBOARDING_STEP_IDS.filter((id) => ticked.includes(id)));
}

/** Which steps the farm's records complete (GET /api/onboarding, `OnboardingAnswer`), by step id. */
export type OnboardingCompletion = Record<OnboardingStepId, boolean>;

/** A step is done when the user ticked it or the farm's records complete it (decision 037). */
export function isStepDone(id: OnboardingStepId, ticked: readonly OnboardingStepId[], byData: OnboardingCompletion | undefined): boolean {
  return ticked.includes(id) || (byData?.[id] ?? false);
}

export function onboardingDoneCount(ticked: readonly OnboardingStepId[], byData: OnboardingCompletion | undefined): number {
  return ONBOARDING_STEP_IDS.filter((id) => isStepDone(id, ticked, byData)).length;
}

import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { axeViolations, COLOR_SCHEME_KEY, COLOUR_RULES, SCHEMES, useScheme, type Scheme, type Violation } from './axe.js';
import { billingMessages } from '../packages/domain/src/billing-rules.js';
import { noticeWords } from '../packages/domain/src/notice-words.js';
import { smsUsageWords } from '../packages/domain/src/sms-usage-rules.js';
import { closeBatchMessages } from '../packages/domain/src/bird-sales-rules.js';
import { breedGuideWords } from '../packages/domain/src/breed-guide-words.js';
import { contactMessages } from '../packages/domain/src/contact-rules.js';
import { dashboardMessages } from '../packages/domain/src/dashboard-rules.js';
import { economicsSummaryWords } from '../packages/domain/src/economics-summary-words.js';
import { summaryWords } from '../packages/domain/src/summaries-rules.js';
import { eggMessages } from '../packages/domain/src/eggs-rules.js';
import { expenseMessages } from '../packages/domain/src/expenses-rules.js';
import { feedWords } from '../packages/domain/src/feed-words.js';
import { stockCountWords } from '../packages/domain/src/stock-counts-rules.js';
import { financeMessages } from '../packages/domain/src/finance-rules.js';
import { inventoryMessages } from '../packages/domain/src/inventory-rules.js';
import { onboardingMessages } from '../packages/domain/src/onboarding-rules.js';
import { debtorMessages } from '../packages/domain/src/sales-rules.js';
import { staffMessages } from '../packages/domain/src/staff-rules.js';
import { weighingMessages } from '../packages/domain/src/weighings-rules.js';
import { supportChatMessages } from '../packages/domain/src/support-chat-words.js';
import { todayMessages } from '../packages/domain/src/today-rules.js';
import { SCREEN_IDS, SCREENS, type ScreenId } from '../packages/domain/src/common/screens.js';
import { rescheduleMessages } from '../packages/domain/src/vaccination-reschedule.js';
import { STANDARD_SCHEDULE, toApiDateTime } from '../packages/domain/src/vaccinations-rules.js';
import {
  alertsAnswered,
  apiLogin,
  expect,
  farmToday,
  greetingFor,
  isPhone,
  newAccount,
  paths,
  projectContext,
  registerVerified,
  shot,
  test,
  trialWelcomeSeen,
  type Account,
} from './fixtures.js';

// WCAG 2.0 and 2.1, levels A and AA (axe-core, run by ./axe.ts), on every screen of the app at
// both widths and the dialogs one click away on the phone, in both colour schemes.

/** The farm the signed-in screens show: flocks of every status, vaccinations of every state, eggs and sales. */
interface Farm {
  account: Account;
  token: string;
  flockId: number;
  flockName: string;
  /** A broiler batch: its details offer weighings (decision 071). */
  broilerName: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function seedFarm(request: APIRequestContext): Promise<Farm> {
  const account = await registerVerified(request, newAccount('a11y'));
  const token = await apiLogin(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const send = async (method: 'post' | 'put', url: string, data: object): Promise<{ id: number }> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: number };
  };

  // A badge colour for each status (docs/product.md §4); 'mature' is reached by a change, not at creation.
  const flockIds: number[] = [];
  for (const status of ['active', 'growing', 'chicks', 'archived', 'active'] as const) {
    const name = `A11y ${status} ${flockIds.length + 1}`;
    const data = { name, breed: 'Layers', age: 3, initial_bird_count: 120, bird_count: 110, status };
    flockIds.push((await send('post', '/api/flocks', data)).id);
  }
  await send('put', `/api/flocks/${flockIds[4]}`, { status: 'mature' });
  // A broiler batch, whose details offer its weighings (decision 071).
  const broilerName = 'A11y broilers 6';
  await send('post', '/api/flocks', { name: broilerName, breed: 'Broilers', age: 3, initial_bird_count: 300, bird_count: 300, status: 'growing' });

  // Overdue, due soon, upcoming, completed and cancelled doses on one flock, and the standard
  // schedule on top, so the history has more than one page (its pager shows).
  const flockId = flockIds[0] as number;
  const at = (days: number) => toApiDateTime(new Date(Date.now() + days * DAY_MS));
  // The list shows the latest dates first, 10 a page: 11 doses put all but the oldest (the
  // cancelled one) on the first page, which is the one analysed.
  const doses = [
    { vaccine_name: 'Overdue booster', date: at(-3), status: 'Pending', mode_of_administration: 'Injection' },
    { vaccine_name: 'Soon booster', date: at(3), status: 'Pending', mode_of_administration: 'Oral' },
    { vaccine_name: 'Later booster', date: at(30), status: 'Pending', mode_of_administration: 'Spray' },
    { vaccine_name: 'Done booster', date: at(-1), status: 'Completed', mode_of_administration: 'Wing web' },
    { vaccine_name: 'Dropped booster', date: at(-20), status: 'Pending', mode_of_administration: 'Oral' },
  ];
  const created = [];
  for (const dose of doses) created.push(await send('post', `/api/flocks/${flockId}/vaccinations`, dose));
  await send('put', `/api/flocks/${flockId}/vaccinations/${created[4]?.id}`, { status: 'Cancelled' });
  await send('post', `/api/flocks/${flockId}/vaccinations/standard-schedule`, {
    items: STANDARD_SCHEDULE.slice(0, 6).map((entry, index) => ({ index, mode: entry.mode })),
  });
  // Records on the egg and sales screens: their lists, statistics and status badges show.
  // The farm's day, not UTC's: from 21:00 UTC on, Nairobi is already on the next day.
  const today = farmToday();
  await send('post', '/api/egg-productions', { flock_id: flockId, date_produced: today, eggs_collected: 95 });
  await send('post', '/api/egg-adjustments', { flock_id: flockId, adjustment_type: 'breakage', eggs_adjusted: 4, date_adjusted: today });
  const sale = { flock_id: flockId, category: 'Egg Sales', product: 'A11y eggs', quantity: 2, unit_price: 420, date: today, sale_type: 'Cash' };
  await send('post', '/api/sales', { ...sale, status: 'paid' });
  await send('post', '/api/sales', { ...sale, product: 'A11y eggs on credit', sale_type: 'Credit', status: 'pending' });
  // Expenses and this month's budgets at each level (within, near, over), so every colour shows.
  const expense = (flock: number, description: string, amount: number, category: string) =>
    send('post', '/api/expenses', { flock_id: flock, date: today, description, amount, category });
  await expense(flockId, 'A11y layers mash', 3500, 'Feed');
  await expense(flockId, 'A11y vet visit', 1200, 'Vet');
  await expense(flockIds[2] as number, 'A11y water bill', 850, 'Utilities');
  const period = { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
  await send('post', '/api/budget', { flock_id: flockId, amount: 4000, ...period });
  await send('post', '/api/budget', { flock_id: flockIds[1], amount: 10000, ...period });
  await send('post', '/api/budget', { flock_id: flockIds[2], amount: 1000, ...period });
  // Inventory: one item stocked, one at its reorder level (badged, listed to restock), with movements.
  const mash = await send('post', '/api/inventory', { item_name: 'A11y layers mash', flock_id: flockId, quantity: 20, unit: 'bags', reorder_level: 5, cost_per_unit: 3500 });
  await send('post', `/api/inventory/${mash.id}/remove`, { quantity: 2, reason: 'used' });
  await send('post', '/api/inventory', { item_name: 'A11y gumboro vaccine', flock_id: flockId, quantity: 10, unit: 'doses', reorder_level: 10, cost_per_unit: 45 });
  // The M-Pesa simulator cancels a payment from this phone (…1032): /billing's dialog ends failed.
  await send('put', '/api/auth/update-profile', { phone_number: '0700001032' });
  // /user-registration: a member invited (badged, with every action), beside the owner.
  await send('post', '/api/staff', { username: memberOf(account), email: `${memberOf(account)}@example.com`, role: 'auditor' });
  return { account, token, flockId, flockName: 'A11y active 1', broilerName };
}

/** The farm's invited member's username. */
function memberOf(account: Account): string {
  return `${account.username}_m`;
}

// One farm per worker: a module is loaded once per worker, so the screens share it.
let farmOnce: Promise<Farm> | undefined;
function sharedFarm(request: APIRequestContext): Promise<Farm> {
  farmOnce ??= seedFarm(request);
  return farmOnce;
}

/** A screen, what shows it is complete, and the dialogs and views one click away from it. */
interface Screen {
  name: string;
  /** Which of the app's screens (`SCREENS`) it shows. */
  screen: ScreenId;
  url: (farm: Farm) => string;
  /** Waits for what shows the screen is complete: its heading and its data. */
  ready: (page: Page, farm: Farm) => Promise<void>;
  dialogs?: Dialog[];
}

/** Screens visited one after another in one context: one test each, per scheme and width. */
interface Run {
  title: string;
  signedIn: boolean;
  /** Set before the page's scripts run, beside the token and the colour scheme. */
  storage?: Record<string, string>;
  screens: Screen[];
}

interface Dialog {
  name: string;
  phoneOnly?: boolean;
  /** A view that replaces the screen rather than a dialog over it: the whole page is analysed again. */
  view?: boolean;
  /** Opens the dialog (or view) and waits for its content; Escape closes it again. */
  open: (page: Page, farm: Farm) => Promise<void>;
}

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

/** The list's rows on desktop, its cards on phones. */
const listEntry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text }).first();

const notificationsDialog: Dialog = {
  name: 'notifications',
  open: async (page) => {
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No new notifications')).toBeVisible();
  },
};

const navigationDrawer: Dialog = {
  name: 'navigation drawer',
  phoneOnly: true,
  open: async (page) => {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Flock Management' })).toBeVisible();
  },
};

const addVaccinationDialog: Dialog = {
  name: 'add vaccination',
  open: async (page) => {
    await page.getByRole('button', { name: 'Add Custom Vaccination' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Custom Vaccination' }).getByLabel('Vaccine Name')).toBeVisible();
  },
};

/** A screen that shows only its heading so far (its data comes with a later issue). */
const placeholder = (screen: ScreenId, name: string, url: string, title: string): Screen => ({
  name,
  screen,
  url: () => url,
  ready: (page) => heading(page, title),
});

// Every laying flock's day, the one recorded today marked (decision 054); a count typed wrong shows its error.
const eggDay: Screen = {
  name: '/egg-production/today',
  screen: 'eggDay',
  url: () => paths.eggDay.getHref(),
  ready: async (page, farm) => {
    await heading(page, eggMessages.dayTitle);
    await expect(page.getByRole('textbox', { name: eggMessages.dayTraysFor(farm.flockName), exact: true })).toHaveValue('3');
  },
  dialogs: [
    {
      name: 'a count typed wrong',
      view: true,
      open: async (page) => {
        await page.getByRole('textbox', { name: /^Loose eggs for / }).last().fill('45');
        await expect(page.getByText(eggMessages.remainderInvalid)).toBeVisible();
      },
    },
  ],
};

const eggs: Screen = {
  name: '/egg-production',
  screen: 'eggs',
  url: () => paths.eggs.getHref(),
  ready: async (page, farm) => {
    await heading(page, 'Egg Production');
    await expect(listEntry(page, farm.flockName)).toBeVisible();
  },
  dialogs: [
    {
      name: 'add production',
      open: async (page) => {
        await page.getByRole('button', { name: 'Add New Production' }).click();
        await expect(page.getByRole('dialog', { name: 'Add New Production' }).getByLabel('Trays')).toBeVisible();
      },
    },
    {
      name: 'add adjustment',
      open: async (page) => {
        await page.getByRole('button', { name: 'Add Egg Adjustment' }).click();
        await expect(page.getByRole('dialog', { name: 'Add Egg Adjustment' })).toBeVisible();
      },
    },
  ],
};

const sales: Screen = {
  name: '/sales-management',
  screen: 'sales',
  url: () => paths.sales.getHref(),
  ready: async (page) => {
    await heading(page, 'Sales');
    await expect(listEntry(page, 'A11y eggs on credit')).toBeVisible();
  },
  dialogs: [
    {
      name: 'new sale',
      open: async (page) => {
        await page.getByRole('button', { name: 'Create New Sale' }).click();
        await expect(page.getByRole('dialog', { name: 'Create New Sale' }).getByLabel('Quantity')).toBeVisible();
      },
    },
  ],
};

// Who owes (decision 055): the seeded credit sale has no buyer named.
const debtors: Screen = {
  name: '/sales-management/debtors',
  screen: 'debtors',
  url: () => paths.debtors.getHref(),
  ready: async (page) => {
    await heading(page, debtorMessages.title);
    await expect(listEntry(page, debtorMessages.noBuyer)).toBeVisible();
  },
};

const expenses: Screen = {
  name: '/expenses',
  screen: 'expenses',
  url: () => paths.expenses.getHref(),
  ready: async (page) => {
    await heading(page, expenseMessages.title);
    await expect(listEntry(page, 'A11y vet visit')).toBeVisible();
    await expect(page.getByRole('region', { name: expenseMessages.budgetAgainstActual }).getByText(expenseMessages.levelOver)).toBeVisible();
  },
  dialogs: [
    {
      // Sent empty: the validation error and the field errors are text too.
      name: 'new expense, with its errors',
      open: async (page) => {
        await page.getByRole('button', { name: expenseMessages.newExpense }).click();
        const dialog = page.getByRole('dialog', { name: expenseMessages.newExpense });
        await dialog.getByRole('button', { name: expenseMessages.saveExpense }).click();
        await expect(dialog.getByRole('alert').filter({ hasText: expenseMessages.formInvalid })).toBeVisible();
      },
    },
    {
      name: 'add budget',
      open: async (page) => {
        await page.getByRole('button', { name: expenseMessages.addNewBudget }).first().click();
        await expect(page.getByRole('dialog', { name: expenseMessages.addBudget }).getByLabel(expenseMessages.budgetAmountLabel)).toBeVisible();
      },
    },
    {
      name: 'edit budget, with its delete question',
      open: async (page) => {
        await page.getByRole('button', { name: expenseMessages.editBudget }).click();
        const dialog = page.getByRole('dialog', { name: expenseMessages.editBudget });
        await dialog.getByRole('combobox', { name: new RegExp(`^${expenseMessages.budgetLabel}`) }).selectOption({ index: 1 });
        await dialog.getByRole('button', { name: expenseMessages.deleteBudget }).click();
        await expect(dialog.getByText(expenseMessages.confirmDeleteBudget)).toBeVisible();
      },
    },
    {
      name: 'delete expense',
      open: async (page) => {
        await listEntry(page, 'A11y vet visit').getByRole('button', { name: expenseMessages.deleteExpenseOf('A11y vet visit') }).click();
        await expect(page.getByRole('dialog', { name: expenseMessages.deleteExpense }).getByRole('button', { name: expenseMessages.delete })).toBeVisible();
      },
    },
  ],
};

const inventory: Screen = {
  name: '/inventory',
  screen: 'inventory',
  url: () => paths.inventory.getHref(),
  ready: async (page) => {
    await heading(page, inventoryMessages.title);
    await expect(listEntry(page, 'A11y layers mash')).toBeVisible();
    await expect(page.getByRole('list', { name: inventoryMessages.lowStockTitle })).toContainText('A11y gumboro vaccine');
  },
  dialogs: [
    {
      // Sent with a 2-letter name: the validation error and the field errors are text too.
      name: 'add item, with its errors',
      open: async (page) => {
        await page.getByRole('button', { name: inventoryMessages.addNewItem }).click();
        const dialog = page.getByRole('dialog', { name: inventoryMessages.addNewItem });
        await dialog.getByLabel(inventoryMessages.nameLabel).fill('Ma');
        await dialog.getByRole('button', { name: inventoryMessages.addItem }).click();
        await expect(dialog.getByText(inventoryMessages.nameTooShort)).toBeVisible();
      },
    },
    {
      name: 'update inventory (stock in)',
      open: async (page) => {
        await page.getByRole('button', { name: inventoryMessages.restockOf('A11y gumboro vaccine') }).click();
        await expect(page.getByRole('dialog', { name: inventoryMessages.updateInventory }).getByText(/In stock: 10 Doses/)).toBeVisible();
      },
    },
    {
      name: 'remove stock, refused',
      open: async (page) => {
        await listEntry(page, 'A11y layers mash').getByRole('button', { name: inventoryMessages.removeStockOf('A11y layers mash') }).click();
        const dialog = page.getByRole('dialog', { name: inventoryMessages.removeStock });
        await dialog.getByLabel(inventoryMessages.removeQuantityLabel).fill('99');
        await dialog.getByRole('button', { name: inventoryMessages.removeStock }).click();
        await expect(dialog.getByText(inventoryMessages.removalTooMuch(18))).toBeVisible();
      },
    },
    {
      name: 'item details and history',
      open: async (page) => {
        await listEntry(page, 'A11y layers mash').getByRole('button', { name: inventoryMessages.detailsOf('A11y layers mash') }).click();
        await expect(page.getByRole('dialog', { name: inventoryMessages.detailsTitle }).getByText('Removed · Used')).toBeVisible();
      },
    },
    {
      name: 'delete item',
      open: async (page) => {
        await listEntry(page, 'A11y layers mash').getByRole('button', { name: inventoryMessages.deleteItemOf('A11y layers mash') }).click();
        await expect(page.getByRole('dialog', { name: inventoryMessages.deleteItem }).getByRole('button', { name: inventoryMessages.delete })).toBeVisible();
      },
    },
  ],
};

const unknownFlock: Screen = {
  name: '/vaccination/{unknown flockId}',
  screen: 'vaccinations',
  url: () => paths.vaccinations.getHref(999_999),
  ready: (page) => expect(page.getByRole('alert').filter({ hasText: 'No flock ID found.' })).toBeVisible(),
};

const billing: Screen = {
  name: '/billing',
  screen: 'billing',
  url: () => paths.billing.getHref(),
  ready: async (page) => {
    await heading(page, billingMessages.title);
    await expect(page.getByRole('button', { name: billingMessages.payNow })).toBeEnabled();
    // The texts' card, loaded below the history (decision 076).
    await expect(page.getByLabel(smsUsageWords.dailyCap)).toBeVisible();
  },
  dialogs: [
    {
      name: 'payment failed, with its reason',
      open: async (page) => {
        await page.getByRole('button', { name: billingMessages.payNow }).click();
        const dialog = page.getByRole('dialog', { name: billingMessages.failedTitle });
        await expect(dialog.getByRole('button', { name: billingMessages.retry })).toBeVisible({ timeout: 15_000 });
      },
    },
  ],
};

// The contact form, and the shell's floating support chat open over it.
const contact: Screen = {
  name: '/contact',
  screen: 'contact',
  url: () => paths.contact.getHref(),
  ready: async (page) => {
    await heading(page, contactMessages.title);
    await expect(page.getByRole('button', { name: contactMessages.send })).toBeEnabled();
  },
  dialogs: [
    {
      name: 'support chat',
      // The panel is part of the page, not a portal.
      view: true,
      open: async (page) => {
        await page.getByRole('button', { name: supportChatMessages.chatOpen }).click();
        await expect(page.getByRole('dialog', { name: supportChatMessages.chatTitle })).toContainText(supportChatMessages.chatReplies);
      },
    },
  ],
};

// The checklist with five steps done by the farm's records, the screenshots viewer over it, and
// the last step ticked by hand: the congratulation and 'Reset Setup Progress'.
const onboarding: Screen = {
  name: '/onboarding',
  screen: 'onboarding',
  url: () => paths.onboarding.getHref(),
  ready: async (page) => {
    await heading(page, onboardingMessages.title);
    await expect(page.getByRole('progressbar', { name: onboardingMessages.progress })).toHaveAttribute('aria-valuenow', '83');
  },
  dialogs: [
    {
      name: 'screenshots viewer',
      open: async (page) => {
        await page.getByRole('button', { name: onboardingMessages.viewScreenshotsOf('Sales') }).click();
        await expect(page.getByRole('dialog', { name: onboardingMessages.screenshotsOf('Sales') }).getByRole('button', { name: onboardingMessages.next })).toBeVisible();
      },
    },
    {
      name: 'every step done',
      view: true,
      open: async (page) => {
        await page.getByRole('article', { name: 'Finances & Reports' }).getByRole('checkbox', { name: onboardingMessages.markedAsDone }).check();
        await expect(page.getByRole('button', { name: onboardingMessages.reset })).toBeVisible();
      },
    },
  ],
};

const placeholders: Screen[] = [
  placeholder('reports', '/reports', paths.reports.getHref(), 'Reports'),
  placeholder('paymentCallback', '/{card-provider}-callback', paths.paymentCallback.getHref('a11y-ref'), 'Payment Status'),
];

const staff: Screen = {
  name: '/user-registration',
  screen: 'userRegistration',
  url: () => paths.userRegistration.getHref(),
  ready: async (page, farm) => {
    await heading(page, staffMessages.title);
    await expect(listEntry(page, memberOf(farm.account))).toContainText(staffMessages.invited);
  },
  dialogs: [
    {
      name: 'add member',
      open: async (page) => {
        await page.getByRole('button', { name: staffMessages.addMember }).click();
        await expect(page.getByRole('dialog', { name: staffMessages.addMember }).getByRole('radio', { name: 'Worker' })).toBeVisible();
      },
    },
    {
      name: 'remove question',
      open: async (page, farm) => {
        await listEntry(page, memberOf(farm.account)).getByRole('button', { name: `${staffMessages.remove} ${memberOf(farm.account)}` }).click();
        await expect(page.getByRole('dialog', { name: staffMessages.remove })).toContainText(staffMessages.confirmRemove(memberOf(farm.account)));
      },
    },
  ],
};

const invitation: Screen = {
  name: '/auth (invitation)',
  screen: 'auth',
  url: () => `${paths.auth.getHref()}?invitation=1&email=${encodeURIComponent('a11y-invitee@example.com')}`,
  ready: (page) => heading(page, staffMessages.acceptTitle),
};

const login: Screen = {
  name: '/auth (login)',
  screen: 'auth',
  url: () => paths.auth.getHref(),
  ready: (page) => heading(page, 'Welcome back'),
  dialogs: [
    {
      name: 'register view',
      view: true,
      open: async (page) => {
        await page.getByRole('button', { name: 'Create an account' }).click();
        await heading(page, 'Create your account');
      },
    },
  ],
};

const otp: Screen = {
  name: '/auth (otp)',
  screen: 'auth',
  url: () => paths.auth.getHref(),
  ready: (page) => heading(page, 'Verify your email'),
};

const socialCallback: Screen = {
  name: '/auth/{provider}/callback',
  screen: 'socialCallback',
  url: () => paths.socialCallback.getHref('google'),
  ready: (page) => heading(page, 'Welcome back'),
};

const forgotPassword: Screen = {
  name: '/forgot-password',
  screen: 'forgotPassword',
  url: () => paths.forgotPassword.getHref(),
  ready: (page) => heading(page, 'Forgot password'),
  dialogs: [
    {
      name: 'reset step',
      view: true,
      open: async (page) => {
        await page.getByLabel('Email').fill(newAccount('a11y').email);
        await page.getByRole('button', { name: 'Send OTP' }).click();
        await heading(page, 'Reset password');
      },
    },
  ],
};

const dashboard: Screen = {
  name: '/ (dashboard)',
  screen: 'dashboard',
  url: () => paths.dashboard.getHref(),
  ready: async (page, farm) => {
    await heading(page, greetingFor(farm.account.username));
    await expect(page.getByRole('region', { name: dashboardMessages.flockOverview }).getByText(farm.flockName).first()).toBeVisible();
    // The charts drawn, with their tables: every chart's words are checked too.
    await expect(page.getByRole('img', { name: new RegExp(`^${dashboardMessages.revenueVsExpenses}:`) })).toBeVisible();
    // What waits today (decision 056), with its vaccination actions.
    await expect(page.getByRole('region', { name: todayMessages.title }).getByText(`Overdue booster · ${farm.flockName}`)).toBeVisible();
    // The feed and cost card (decision 074), loaded after the first screen.
    await expect(page.getByRole('region', { name: economicsSummaryWords.title }).getByRole('group', { name: economicsSummaryWords.trayThisMonth })).toBeVisible();
  },
  dialogs: [
    notificationsDialog,
    navigationDrawer,
    {
      name: 'reschedule a vaccination',
      open: async (page, farm) => {
        await page.getByRole('region', { name: todayMessages.title }).getByRole('button', { name: rescheduleMessages.rescheduleFor('Overdue booster', farm.flockName) }).click();
        await expect(page.getByRole('dialog', { name: rescheduleMessages.title }).getByLabel(rescheduleMessages.label)).toBeVisible();
      },
    },
    {
      name: 'flock details',
      open: async (page, farm) => {
        await page.getByRole('region', { name: dashboardMessages.flockOverview }).getByRole('button', { name: dashboardMessages.viewFlockDetails(farm.flockName) }).click();
        const dialog = page.getByRole('dialog', { name: dashboardMessages.flockDetailTitle(farm.flockName) });
        await expect(dialog.getByRole('region', { name: dashboardMessages.vaccinationSchedule })).toBeVisible();
      },
    },
  ],
};

// The owner's weekly summaries (decision 078): the week so far made on the screen, then analysed with its figures.
const summaries: Screen = {
  name: '/weekly-summaries',
  screen: 'summaries',
  url: () => paths.summaries.getHref(),
  ready: async (page) => {
    await heading(page, 'Weekly summaries');
    await page.getByRole('button', { name: summaryWords.makeNow }).click();
    await expect(page.getByRole('heading', { name: summaryWords.balances, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: summaryWords.pastWeeks, exact: true })).toBeVisible();
  },
};

// The stock count (decision 077): eggs counted, the records shown after saving, the owner's balance checks.
const stockCount: Screen = {
  name: '/stock-count',
  screen: 'stockCount',
  url: () => paths.stockCount.getHref(),
  ready: async (page) => {
    await heading(page, stockCountWords.title);
    await expect(page.getByRole('heading', { name: stockCountWords.checksTitle })).toBeVisible();
    await page.getByRole('textbox', { name: stockCountWords.trays }).fill('3');
    await page.getByRole('button', { name: stockCountWords.save }).click();
    await expect(page.getByRole('heading', { name: stockCountWords.results })).toBeVisible();
  },
};

const finances: Screen = {
  name: '/finances',
  screen: 'finances',
  url: () => paths.finances.getHref(),
  ready: async (page) => {
    await heading(page, financeMessages.title);
    await expect(page.getByRole('img', { name: new RegExp(`^${financeMessages.totalRevenueVsExpenses}:`) })).toBeVisible();
    // A laying flock's tray figures (decision 074), loaded once the page has settled.
    await expect(page.getByText(economicsSummaryWords.trayIn(Number(farmToday().slice(0, 4)))).first()).toBeAttached();
  },
  dialogs: [
    {
      // A panel on the page, not in a portal: the whole page is analysed again.
      name: 'how the figures are counted',
      view: true,
      open: async (page) => {
        await page.getByRole('button', { name: financeMessages.definitionsLabel }).click();
        await expect(page.getByText(financeMessages.definitions[0])).toBeVisible();
      },
    },
    {
      name: 'set yearly budget',
      open: async (page, farm) => {
        await page.getByRole('button', { name: financeMessages.budgetActionFor(financeMessages.setBudget, farm.flockName) }).click();
        await expect(page.getByRole('dialog', { name: financeMessages.setBudget })).toBeVisible();
      },
    },
  ],
};

const flocks: Screen = {
  name: '/bird-management',
  screen: 'flocks',
  url: () => paths.flocks.getHref(),
  ready: async (page, farm) => {
    await heading(page, 'Flock Management');
    await expect(listEntry(page, farm.flockName)).toBeVisible();
  },
  dialogs: [
    {
      // Sent empty: the field errors (docs/product.md §5) are text too.
      name: 'add flock, with its errors',
      open: async (page) => {
        await page.getByRole('button', { name: 'Add Flock' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Flock' });
        await dialog.getByRole('button', { name: 'Add Flock' }).click();
        await expect(dialog.getByLabel('Flock Name')).toHaveAttribute('aria-invalid', 'true');
      },
    },
    {
      // The owner's flocks deleted with their records (decision 052): none yet on this farm.
      name: 'recently deleted',
      open: async (page) => {
        await page.getByRole('button', { name: 'Recently deleted' }).click();
        await expect(page.getByRole('dialog', { name: 'Recently deleted' }).getByText('No flock was deleted in the last 30 days.')).toBeVisible();
        await schemeShot(page, 'accessibility-flocks-recently-deleted');
      },
    },
    {
      name: 'flock details',
      open: async (page, farm) => {
        await page.getByRole('button', { name: `View Details of ${farm.flockName}` }).click();
        const dialog = page.getByRole('dialog', { name: `Managing Flock: ${farm.flockName}` });
        await expect(dialog.getByRole('heading', { name: `Managing Flock: ${farm.flockName}` })).toBeVisible();
        await expect(dialog.getByRole('heading', { name: 'Bird Count Over Time' })).toBeVisible();
        // The flock against its breed guide (decision 073): its charts and their tables analysed too.
        await expect(dialog.getByRole('region', { name: breedGuideWords.title }).getByRole('img').first()).toBeAttached();
      },
    },
    {
      // Over the details: feed for the flock (decision 070), more than the store holds refused.
      name: 'record feed, refused',
      open: async (page, farm) => {
        await page.getByRole('button', { name: `View Details of ${farm.flockName}` }).click();
        const overlay = page.getByRole('dialog', { name: `Managing Flock: ${farm.flockName}` });
        await overlay.getByRole('button', { name: feedWords.recordFeed }).click();
        const dialog = page.getByRole('dialog', { name: feedWords.recordFeed });
        await dialog.getByRole('textbox', { name: /^Quantity/ }).fill('99');
        await dialog.getByRole('button', { name: feedWords.recordFeed }).click();
        await expect(dialog.getByText(inventoryMessages.removalTooMuch(18))).toBeVisible();
      },
    },
    {
      // Over a broiler batch's details: a weighing (decision 071), more birds than the batch has refused.
      name: 'record a weighing, refused',
      open: async (page, farm) => {
        await page.getByRole('button', { name: `View Details of ${farm.broilerName}` }).click();
        const overlay = page.getByRole('dialog', { name: `Managing Flock: ${farm.broilerName}` });
        await overlay.getByRole('button', { name: weighingMessages.recordWeighing }).click();
        const dialog = page.getByRole('dialog', { name: weighingMessages.recordWeighing });
        await dialog.getByRole('textbox', { name: new RegExp(`^${weighingMessages.birdsWeighed}`) }).fill('400');
        await dialog.getByRole('textbox', { name: /^Total weight \(kg\)/ }).fill('800');
        await dialog.getByRole('button', { name: weighingMessages.save }).click();
        await expect(dialog.getByText(weighingMessages.birdsPastFlock(300))).toBeVisible();
      },
    },
    {
      // Over a broiler batch's details: closing it (decision 072), sent without its weight and price, refused.
      name: 'close the batch, refused',
      open: async (page, farm) => {
        await page.getByRole('button', { name: `View Details of ${farm.broilerName}` }).click();
        const overlay = page.getByRole('dialog', { name: `Managing Flock: ${farm.broilerName}` });
        await overlay.getByRole('button', { name: closeBatchMessages.open }).click();
        const dialog = page.getByRole('dialog', { name: closeBatchMessages.title });
        await dialog.getByRole('button', { name: closeBatchMessages.confirm }).click();
        await expect(dialog.getByText(closeBatchMessages.weightRequired)).toBeVisible();
      },
    },
    {
      // Over the details: the owner's delete, the name half typed (the button still disabled).
      name: 'delete flock, its name being typed',
      open: async (page, farm) => {
        await page.getByRole('button', { name: `View Details of ${farm.flockName}` }).click();
        await page.getByRole('button', { name: 'Delete Flock' }).click();
        const dialog = page.getByRole('dialog', { name: `Delete ${farm.flockName}?` });
        await dialog.getByLabel(`Type the flock's name, ${farm.flockName}, to confirm`).fill(farm.flockName.slice(0, 3));
        await expect(dialog.getByRole('button', { name: 'Delete everything' })).toBeDisabled();
        await schemeShot(page, 'accessibility-flocks-delete-everything');
      },
    },
  ],
};

/** A viewport screenshot named with the colour scheme the page paints (dialogs are fixed to the viewport). */
async function schemeShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
  await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${test.info().project.name}.png`) });
}

const profile: Screen = {
  name: '/my-profile',
  screen: 'profile',
  url: () => paths.profile.getHref(),
  ready: async (page) => {
    await heading(page, 'My Profile');
    await expect(page.getByRole('heading', { name: 'Change Password' }).first()).toBeVisible();
    // The notices' section, loaded after the first screen, with its switches (decision 076).
    await expect(page.getByRole('group', { name: noticeWords.kinds.vaccinations })).toBeVisible();
  },
};

const allVaccinations: Screen = {
  name: '/vaccination?all=true',
  screen: 'vaccinations',
  url: () => paths.vaccinations.getHref(),
  ready: async (page) => {
    await heading(page, 'Vaccination Scheduling');
    await expect(listEntry(page, 'Done booster')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Standard Vaccination Schedule' })).toBeVisible();
  },
  dialogs: [addVaccinationDialog],
};

const flockVaccinations: Screen = {
  name: '/vaccination/{flockId}',
  screen: 'vaccinations',
  url: (farm) => paths.vaccinations.getHref(farm.flockId),
  ready: async (page, farm) => {
    await heading(page, 'Vaccination Scheduling');
    await expect(page.getByText(`Vaccination Schedule for Flock: ${farm.flockName}`)).toBeVisible();
    await expect(listEntry(page, 'Done booster')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Standard Vaccination Schedule' })).toBeVisible();
  },
  dialogs: [
    addVaccinationDialog,
    {
      name: 'confirm status change',
      open: async (page) => {
        await listEntry(page, 'Overdue booster').getByRole('button', { name: 'Mark Completed' }).click();
        await expect(page.getByRole('dialog', { name: 'Mark Completed' }).getByRole('button', { name: 'Confirm' })).toBeVisible();
      },
    },
  ],
};

/**
 * Waits until nothing is loading or moving: the start-up overlay gone, no skeleton, loader or
 * busy region left, no transition running (a half-faded dialog reads as low contrast).
 */
async function settle(page: Page): Promise<void> {
  await expect(page.getByText('Loading Poultry Data...')).toHaveCount(0);
  await page.waitForFunction(() => {
    // Mantine's own class names: a skeleton still shown, a spinner, a busy region.
    const loading = document.querySelector(
      '[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, .mantine-LoadingOverlay-root',
    );
    const moving = document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
    return !loading && !moving;
  });
}

/** A context of this project's size and touch, in `scheme`, the session (if any) and storage set before any script. */
async function openContext(
  browser: Browser,
  scheme: Scheme,
  storage: Record<string, string>,
): Promise<BrowserContext> {
  const context = await projectContext(browser, { colorScheme: scheme });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, { [COLOR_SCHEME_KEY]: scheme, ...storage });
  return context;
}

/** One line per rule, then each failing node: its selector, what axe says is wrong, its markup. */
function describe(where: string, violations: Violation[]): string[] {
  return violations.map((v) => {
    const nodes = v.nodes.map((node) => {
      const html = node.html.replace(/\s+/g, ' ').slice(0, 200);
      const summary = (node.failureSummary ?? '').replace(/\n\s*/g, ' ').trim();
      return `    - ${node.target.join(' >> ')}\n      ${summary}\n      ${html}`;
    });
    return `[${where}] ${v.id} (${v.impact ?? 'n/a'}): ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
  });
}


/**
 * Mantine's portals: dialogs, drawers and toasts render there, outside the page, which was
 * analysed before the dialog opened (a second pass over it would double the spec's time).
 */
const PORTALS = '[data-portal]';


/**
 * Axe on what is shown, once in each colour scheme: every rule in the first, the colour rules in
 * the others. The page is left in the last scheme.
 */
async function inEachScheme(page: Page, where: string, include?: string, shotName?: string): Promise<string[]> {
  const found: string[] = [];
  for (const [index, scheme] of SCHEMES.entries()) {
    await useScheme(page, scheme);
    await settle(page);
    if (shotName) await shot(page, `${shotName}-${scheme}`);
    const violations = await axeViolations(page, { include, rules: index === 0 ? undefined : COLOUR_RULES });
    found.push(...describe(`${where}, ${scheme}`, violations));
  }
  return found;
}

/**
 * Visits `screen` in `page` and analyses it, then each dialog, each in both colour schemes (a
 * scheme is a repaint, not a visit: the screen is loaded once); returns the violations, described.
 */
async function check(page: Page, screen: Screen, farm: Farm): Promise<string[]> {
  await page.goto(screen.url(farm));
  await screen.ready(page, farm);
  await settle(page);
  const found = await inEachScheme(page, screen.name, undefined, `accessibility-${screen.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`);
  // A dialog over the screen is one component at every width: analysed on the phone, where most
  // farmers meet it. A view that replaces the screen is laid out per width: analysed at both
  // (decision 058).
  const dialogs = (screen.dialogs ?? []).filter((dialog) => isPhone(page) || (dialog.view && !dialog.phoneOnly));
  for (const [index, dialog] of dialogs.entries()) {
    if (index > 0) {
      await page.keyboard.press('Escape');
      await settle(page);
    }
    await dialog.open(page, farm);
    await settle(page);
    found.push(...(await inEachScheme(page, `${screen.name} › ${dialog.name}`, dialog.view ? undefined : PORTALS)));
  }
  return found;
}

// A context and a test per screen would be most of this spec's time: screens that need no
// storage of their own share one.
const runs: Run[] = [
  {
    title: 'signed out: /auth, /auth/{provider}/callback, /forgot-password, /auth?invitation',
    signedIn: false,
    screens: [login, socialCallback, forgotPassword, invitation],
  },
  {
    title: '/auth (otp)',
    signedIn: false,
    storage: { 'kuku.pendingVerification': JSON.stringify({ email: 'a11y@example.com', sentAt: Date.now() }) },
    screens: [otp],
  },
  { title: '/ (dashboard)', signedIn: true, screens: [dashboard] },
  { title: '/bird-management', signedIn: true, screens: [flocks] },
  { title: '/vaccination?all=true', signedIn: true, screens: [allVaccinations] },
  { title: '/vaccination/{flockId}', signedIn: true, screens: [flockVaccinations] },
  { title: '/egg-production, its day and /sales-management', signedIn: true, screens: [eggs, eggDay, sales] },
  { title: '/sales-management/debtors', signedIn: true, screens: [debtors] },
  { title: '/expenses', signedIn: true, screens: [expenses] },
  { title: '/inventory', signedIn: true, screens: [inventory] },
  { title: '/user-registration', signedIn: true, screens: [staff] },
  { title: 'the other signed-in screens', signedIn: true, screens: [profile, unknownFlock, finances, stockCount, summaries, billing, contact, onboarding, ...placeholders] },
];

test.describe('accessibility (axe, WCAG 2.1 A and AA), light and dark', () => {
  test('analyses every screen of the app (SCREENS, docs/product.md §2), signed in or out as it opens', () => {
    const analysed = runs.flatMap((run) => run.screens.map(({ screen }) => ({ screen, signedIn: run.signedIn })));
    expect(SCREEN_IDS.filter((id) => !analysed.some(({ screen }) => screen === id)), 'screens no run analyses').toEqual([]);
    for (const { screen, signedIn } of analysed) expect(signedIn, screen).toBe(SCREENS[screen].signedIn);
  });

  for (const run of runs) {
    test(run.title, async ({ browser, request }) => {
      test.setTimeout(30_000 + 15_000 * run.screens.length);
      const farm = await sharedFarm(request);
      const storage: Record<string, string> = { ...run.storage };
      // The trial welcome seen today and the alerts question answered: they would cover the
      // dashboard's dialogs, or take a click meant for the screen (checked in dashboard.spec.ts
      // and pwa.spec.ts).
      if (run.signedIn) Object.assign(storage, { 'kuku.token': farm.token }, await trialWelcomeSeen(request, farm.token), alertsAnswered);
      const context = await openContext(browser, 'light', storage);
      try {
        const page = await context.newPage();
        const found: string[] = [];
        for (const screen of run.screens) found.push(...(await check(page, screen, farm)));
        expect(found.length, `axe violations (${test.info().project.name}):\n${found.join('\n')}`).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});

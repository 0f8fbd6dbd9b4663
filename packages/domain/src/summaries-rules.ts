/**
 * The owner's weekly summary (decision 078): a week (Monday to Sunday on the farm's clock) of eggs,
 * sales, expenses, birds and feed, and the balance checks, made every Monday from 07:00 farm time
 * for the week before and on demand for the week so far. The server sums everything in SQL; these
 * rules name the week, and the words below say the figures on the page, in the mail and in the
 * 1-2 part SMS digest. Without zod; loaded by the summaries screen only, never by a first screen.
 */
import { shiftDay } from './common/dates.js';
import { formatCount, formatQuantity } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';
import { EGGS_PER_TRAY } from './eggs-rules.js';
import { smsParts } from './sms-rules.js';

/** The farm's hour on Monday from which last week's summary is made and sent. */
export const WEEKLY_SUMMARY_HOUR = 7;
/** The SMS digest fits this many parts (GSM-7 where it can, in both languages). */
export const SUMMARY_SMS_PARTS_MAX = 2;
/** Past weeks a page of the list shows. */
export const SUMMARY_PAGE_SIZE = 10;
/** The longest farm name the SMS digest carries; a longer one is cut. */
export const SUMMARY_SMS_FARM_MAX = 24;

/** The Monday of the week `day` ('YYYY-MM-DD') falls in. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
}

/** The Sunday that ends the week starting on `weekStart`. */
export const weekEndOf = (weekStart: string): string => shiftDay(weekStart, 6);

/** Whether a day is a Monday (a week's start). */
export const isWeekStart = (day: string): boolean => weekStartOf(day) === day;

/** The week whose summary is due on `today`: last week's, once the farm's Monday is here. */
export const lastWeekStart = (today: string): string => shiftDay(weekStartOf(today), -7);

/** The figures of one week, as stored and answered (each number out of SQL, money in cents). */
export interface WeeklyFigures {
  week_start: string;
  week_end: string;
  /** The last day counted: the week's Sunday, or today for the week so far. */
  through: string;
  farm_name: string;
  eggs: {
    collected: number;
    /** Each day of the week, Monday first (days after `through` are 0). */
    per_day: { day: string; eggs: number }[];
    /** Broken, given away and eaten (egg adjustments). */
    written_off: number;
    /** Egg sales' trays × 30. */
    sold_eggs: number;
    sold_trays: number;
    /** Collected − written off − sold: what the week added to the store (negative: sold from older stock). */
    kept_eggs: number;
  };
  sales: {
    count: number;
    total_cents: number;
    paid_cents: number;
    pending_cents: number;
    /** Every sale still pending on the farm when the summary was made, and the buyers owing. */
    owed_cents: number;
    buyers_owing: number;
  };
  expenses: {
    count: number;
    total_cents: number;
    by_category: { category: string; amount_cents: number }[];
    /** The month the week ends in ('YYYY-MM'): its budgets, what the budgeted flocks spent in it up to `through`. */
    month: string;
    budget_cents: number;
    budget_spent_cents: number;
    /** Flocks over their month's budget. */
    over_budget_flocks: number;
  };
  birds: {
    /** Birds on the farm at the end of `through`, in the flocks not archived. */
    alive: number;
    deaths: number;
    sold: number;
    culled: number;
    added: number;
  };
  feed: {
    records: number;
    /** Kilos given; null when an item's weight of one unit is unknown. */
    used_kg: number | null;
    cost_cents: number;
    /** The store's days left when the summary was made (decision 074); null without the records for it. */
    days_left: number | null;
    store_kg: number | null;
  };
  /** The balance checks of the week (the stock counts' BalanceChecks), null where they could not be read. */
  balances: BalanceLines | null;
}

/** What the summary says of the balance checks: each line's name, expected closing, count and difference. */
export interface BalanceLine {
  kind: 'eggs' | 'feed' | 'birds' | 'money';
  /** The feed item's or the flock's name; '' for the farm's eggs and money (the kind's word is shown). */
  name: string;
  /** 'eggs', 'kg', 'birds' or 'KES': what the numbers count. */
  unit: string;
  opening: number;
  came_in: number;
  went_out: number;
  expected: number;
  counted: number | null;
  difference: number | null;
  beyond_margin: boolean;
}
export type BalanceLines = BalanceLine[];

/** Trays and loose eggs of a number of eggs: '41 trays + 12'. */
export function traysOf(eggs: number): { trays: number; eggs: number; negative: boolean } {
  const whole = Math.abs(eggs);
  return { trays: Math.floor(whole / EGGS_PER_TRAY), eggs: whole % EGGS_PER_TRAY, negative: eggs < 0 };
}

/** Whole shillings of cents for the SMS (no decimals, plain ASCII spaces: GSM-7). */
export const smsShillings = (cents: number): string => `${formatCount(Math.round(cents / 100))}`;

/** A balance line that differs: its signed difference. */
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${formatQuantity(Math.abs(n))}`;

/** The SMS digest's balance part: the lines with a difference beyond the margin, or none. */
function balanceGaps(w: { balanceKinds: Record<BalanceLine['kind'], string>; units: Record<string, string> }, lines: BalanceLines | null): { name: string; difference: string; unit: string }[] {
  if (!lines) return [];
  return lines
    .filter((l) => l.beyond_margin && l.difference !== null)
    .map((l) => ({ name: l.name === '' ? w.balanceKinds[l.kind] : l.name, difference: signed(l.difference ?? 0), unit: ` ${w.units[l.unit] ?? l.unit}` }));
}

const clipName = (name: string) => (name.length > SUMMARY_SMS_FARM_MAX ? `${name.slice(0, SUMMARY_SMS_FARM_MAX - 1)}.` : name);

export const summaryWords = words(
  'summaryWords',
  {
    pageTitle: 'Weekly summaries',
    intro: 'Each Monday at 07:00 Kuku sums up the week before and mails it to the owners. The week so far is made when you ask.',
    makeNow: 'Summary of this week so far',
    making: 'Making the summary…',
    madeNow: 'The summary of this week so far is made and mailed to you.',
    pastWeeks: 'Past weeks',
    newer: 'Newer weeks',
    older: 'Older weeks',
    none: 'No summaries yet. The first comes next Monday, or make this week\u2019s now.',
    loadFailed: 'The summaries could not be loaded.',
    retry: 'Retry',
    open: 'Open',
    back: 'All weeks',
    notFound: 'There is no summary of that week.',
    weekInvalid: 'Choose a week by its Monday (YYYY-MM-DD).',
    /** 'Week of 30 Nov – 6 Dec 2026'. */
    weekOf: (from: string, to: string) => `Week of ${from} – ${to}`,
    soFar: (through: string) => `So far, up to ${through}`,
    madeAt: (when: string) => `Made ${when}`,
    // Sections.
    eggs: 'Eggs',
    sales: 'Sales',
    expenses: 'Expenses',
    birds: 'Birds',
    feed: 'Feed',
    balances: 'Balance checks',
    eggsADay: 'Eggs a day',
    /** Monday first. */
    weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as readonly string[],
    // Figures.
    collected: 'Eggs collected',
    traysSold: 'Trays sold',
    kept: 'Kept (not sold or written off)',
    writtenOff: 'Written off (broken, given, eaten)',
    salesTotal: 'Sales',
    paid: 'Paid',
    pending: 'Not yet paid',
    owed: 'Still owed to the farm (all weeks)',
    buyersOwing: (n: number) => (n === 1 ? '1 buyer' : `${formatCount(n)} buyers`),
    spent: 'Spent',
    budgetOfMonth: (month: string) => `Budgets of ${month}`,
    budgetSpent: 'Spent by the budgeted flocks',
    noBudget: 'No budget set for the month.',
    overBudget: (n: number) => (n === 1 ? '1 flock over its budget' : `${formatCount(n)} flocks over their budgets`),
    alive: 'Birds now',
    deaths: 'Deaths',
    birdsSold: 'Sold',
    culled: 'Culled',
    added: 'Added',
    feedUsed: 'Feed given',
    feedCost: 'Cost of the feed given',
    daysLeft: 'Days of feed left',
    unknown: '—',
    /** Eggs as trays and loose eggs: '41 trays + 12 eggs'. */
    trays: (trays: number, eggs: number, negative: boolean) =>
      `${negative ? '−' : ''}${formatCount(trays)} ${trays === 1 ? 'tray' : 'trays'}${eggs > 0 ? ` + ${formatCount(eggs)} ${eggs === 1 ? 'egg' : 'eggs'}` : ''}`,
    kg: (kg: number) => `${formatQuantity(kg)} kg`,
    days: (days: number) => (days === 1 ? '1 day' : `${formatCount(days)} days`),
    // Balance checks' table.
    line: 'What',
    opening: 'Opening',
    cameIn: 'In',
    wentOut: 'Out',
    expected: 'Expected',
    counted: 'Counted',
    difference: 'Difference',
    notCounted: 'not counted',
    beyondMargin: 'beyond the margin',
    noBalances: 'No balance checks for this week.',
    balanceKinds: { eggs: 'Eggs', feed: 'Feed', birds: 'Birds', money: 'Money' } as Record<BalanceLine['kind'], string>,
    /** What a balance line counts, by its unit (the feed's are the store's units). */
    units: { eggs: 'eggs', birds: 'birds', kg: 'kg', bags: 'bags', doses: 'doses', litres: 'litres', pieces: 'pieces' } as Record<string, string>,
    // Mail.
    mailSubject: (farm: string, from: string, to: string) => `${farm}: the week of ${from} – ${to}`,
    mailIntro: (farm: string) => `Here is how ${farm} did this week.`,
    mailOpen: 'Open the summary in Kuku',
    mailWhy: 'You get this mail as an owner of the farm. Choose which notices reach you by mail on My Profile.',
    // The in-app notification.
    noticeTitle: 'Your weekly summary',
    noticeMessage: (from: string, to: string) => `The summary of the week of ${from} – ${to} is ready.`,
    /**
     * The SMS digest: at most 2 parts of GSM-7 (plain ASCII, no curly quotes or dashes). Money in
     * whole shillings; the balance checks' gaps beyond the margin, or that they held.
     */
    sms: (f: WeeklyFigures, gaps: { name: string; difference: string; unit: string }[]) =>
      `${clipName(f.farm_name)} ${f.week_start.slice(5)} to ${f.week_end.slice(5)}: eggs ${formatCount(f.eggs.collected)}, ` +
      `sold ${formatCount(f.eggs.sold_trays)} trays. Sales Ksh ${smsShillings(f.sales.total_cents)}, owed Ksh ${smsShillings(f.sales.owed_cents)}. ` +
      `Spent Ksh ${smsShillings(f.expenses.total_cents)}. Birds ${formatCount(f.birds.alive)}, deaths ${formatCount(f.birds.deaths)}. ` +
      `Feed ${f.feed.used_kg === null ? '-' : `${formatCount(Math.round(f.feed.used_kg))}kg`}, ${f.feed.days_left === null ? '-' : formatCount(f.feed.days_left)} days left. ` +
      (f.balances === null
        ? ''
        : gaps.length === 0
          ? 'Counts match.'
          : `Check: ${gaps.slice(0, 3).map((g) => `${g.name} ${g.difference}${g.unit}`).join(', ')}.`),
  },
  { sw: () => import('./sw/summaries-rules.js') as Promise<Catalogues> },
);

/** What GSM-7 cannot carry, written as near as plain letters allow (a name with an accent or an emoji). */
const plainText = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/[^\x20-\x7e]/g, '');

/**
 * The SMS digest of a week in a words object (English or its Kiswahili), at most
 * SUMMARY_SMS_PARTS_MAX parts: the gaps by their item's or flock's name where that fits, else by
 * their kind's word; a character GSM-7 lacks (an accent, an emoji in a name) written plain.
 */
export function summarySms(w: typeof summaryWords, figures: WeeklyFigures): string {
  const say = (f: WeeklyFigures, byKind: boolean) => {
    const gaps = balanceGaps(w, f.balances).map((g, i) => (byKind ? { ...g, name: w.balanceKinds[f.balances!.filter((l) => l.beyond_margin && l.difference !== null)[i]!.kind] } : g));
    return plainText(w.sms(f, gaps)).replace(/\s+/g, ' ').trim();
  };
  const full = say(figures, false);
  return smsParts(full).parts <= SUMMARY_SMS_PARTS_MAX ? full : say(figures, true);
}

/**
 * Sales rules, words and calculations, without zod: a screen that shows them does not load
 * the schemas (decision 017). The schemas are in sales.ts.
 */
import { isCalendarDay, shiftMonth } from './common/dates.js';
import { formatKes, QUANTITY_DECIMALS_MAX, shillingsText, type Cents } from './common/money.js';
import { formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

/**
 * docs/product.md §9 Sale categories, stored and answered so ('Other' is offered by the edit form
 * only), and the sales of the flock's own birds (decision 072).
 */
export const SALE_CATEGORIES = ['Egg Sales', 'Chicks', 'Layer Mash', 'Manure', 'Live Birds', 'Dressed Birds', 'Culled Hens', 'Other'] as const;
export type SaleCategory = (typeof SALE_CATEGORIES)[number];
/** Sales of the flock's own birds: their birds leave the flock's count as sold, never as deaths (decision 072). */
export const BIRD_SALE_CATEGORIES = ['Live Birds', 'Dressed Birds', 'Culled Hens'] as const satisfies readonly SaleCategory[];
export type BirdSaleCategory = (typeof BIRD_SALE_CATEGORIES)[number];
export const isBirdSale = (category: string): category is BirdSaleCategory => (BIRD_SALE_CATEGORIES as readonly string[]).includes(category);
/** A bird sale is priced by the bird or by the kilo. */
export const BIRD_SALE_UNITS = ['Birds', 'Kg'] as const;
export type BirdSaleUnit = (typeof BIRD_SALE_UNITS)[number];
/** The edit form spells 'Layer Mash' 'Layers Mash' (docs/product.md §9): the same category. */
export const SALE_CATEGORY_ALIASES: Record<string, SaleCategory> = { 'Layers Mash': 'Layer Mash' };

/** docs/product.md §9 Units: the unit follows the category; 'Other' takes a free unit (null here). */
export const SALE_UNIT_BY_CATEGORY: Record<SaleCategory, string | null> = {
  'Egg Sales': 'Crates',
  Chicks: 'Chicks',
  'Layer Mash': 'Kg',
  Manure: 'Sacks',
  // Chosen by the sale: by the bird or by the kilo (saleUnit).
  'Live Birds': null,
  'Dressed Birds': null,
  'Culled Hens': null,
  Other: null,
};
/** The unit of an 'Other' sale sent without one. */
export const DEFAULT_OTHER_UNIT = 'Units';
export const SALE_UNIT_MAX = 20;

/** docs/product.md §9 Sale types. */
export const SALE_TYPES = ['Cash', 'Credit', 'Mobile Money', 'Bank Transfer'] as const;
export type SaleType = (typeof SALE_TYPES)[number];
/** Other spellings a client or a farmer uses for a sale type. */
export const SALE_TYPE_ALIASES: Record<string, SaleType> = {
  mpesa: 'Mobile Money',
  'm-pesa': 'Mobile Money',
  'm pesa': 'Mobile Money',
  'mobile-money': 'Mobile Money',
  mobile_money: 'Mobile Money',
  mobilemoney: 'Mobile Money',
  bank: 'Bank Transfer',
  'bank-transfer': 'Bank Transfer',
  bank_transfer: 'Bank Transfer',
  banktransfer: 'Bank Transfer',
};

/** The stored categories, types and units said in the page's language; what is stored stays English. */
export const SALE_CATEGORY_LABELS: Record<SaleCategory, string> = words(
  'saleCategories',
  {
    'Egg Sales': 'Egg Sales',
    Chicks: 'Chicks',
    'Layer Mash': 'Layer Mash',
    Manure: 'Manure',
    'Live Birds': 'Live Birds',
    'Dressed Birds': 'Dressed Birds',
    'Culled Hens': 'Culled Hens',
    Other: 'Other',
  },
  { sw: () => import('./sw/sales-rules.js') as Promise<Catalogues> },
);
export const SALE_TYPE_LABELS: Record<SaleType, string> = words(
  'saleTypes',
  { Cash: 'Cash', Credit: 'Credit', 'Mobile Money': 'Mobile Money', 'Bank Transfer': 'Bank Transfer' },
  { sw: () => import('./sw/sales-rules.js') as Promise<Catalogues> },
);
/** The units the categories fix, and an 'Other' sale's default; a unit the farmer typed is shown as typed. */
export const SALE_UNIT_LABELS: Record<string, string> = words(
  'saleUnits',
  { Crates: 'Crates', Chicks: 'Chicks', Kg: 'Kg', Sacks: 'Sacks', Units: 'Units', Birds: 'Birds' },
  { sw: () => import('./sw/sales-rules.js') as Promise<Catalogues> },
);

/** A stored category, type or unit as the farmer reads it; a value the tables do not hold, as stored. */
export function saleCategoryLabel(category: string): string {
  return Object.hasOwn(SALE_CATEGORY_LABELS, category) ? SALE_CATEGORY_LABELS[category as SaleCategory] : category;
}
export function saleTypeLabel(saleType: string): string {
  return Object.hasOwn(SALE_TYPE_LABELS, saleType) ? SALE_TYPE_LABELS[saleType as SaleType] : saleType;
}
export function saleUnitLabel(unit: string): string {
  return Object.hasOwn(SALE_UNIT_LABELS, unit) ? (SALE_UNIT_LABELS[unit] ?? unit) : unit;
}

/** docs/product.md §4 Sale status, as stored and answered. */
export const SALE_STATUSES = ['pending', 'paid'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
/** The product's client sends 'pending...' (with the dots); 'Completed' is how paid is shown. */
export const SALE_STATUS_ALIASES: Record<string, SaleStatus> = {
  'pending...': 'pending',
  'pending…': 'pending',
  completed: 'paid',
};
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = words('saleStatuses', { pending: 'Pending', paid: 'Completed' }, { sw: () => import('./sw/sales-rules.js') as Promise<Catalogues> });

/** docs/product.md §9: the recent sales list shows 10 a page. */
export const SALE_PAGE_SIZE = 10;
/** docs/product.md §9: the sales trend covers the last 6 months. */
export const SALE_TREND_MONTHS = 6;
/** docs/product.md §5: a sale's date lies from the first day of the month six months back up to today. */
export const SALE_DATE_WINDOW_MONTHS = 6;
/** A quantity above this is a typing slip. */
export const MAX_SALE_QUANTITY = 1_000_000;
/** An unpaid sale older than this many days is old credit (the remarks card). */
export const SALE_CREDIT_OLD_DAYS = 30;
/** A category moving this many percent against last month is remarked upon. */
export const SALE_CATEGORY_CHANGE_PERCENT = 10;
/** docs/product.md §9: the sale-saved popup shows 3 seconds. */
export const SALE_SAVED_POPUP_MS = 3000;

export const SALE_PRODUCT_MAX = 100;
export const SALE_DESCRIPTION_MAX = 500;

/** docs/product.md §9 Report types. */
export const REPORT_TYPES = ['summary', 'detailed'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const saleMessages = words(
  'sales',
  {
    /** A sale at no price is asked about once, not refused: a gift is a sale too (decision 054). */
    zeroPriceAsk: 'This sale is at Ksh 0.00. If that is right (a gift, a giveaway), save it again.',
    saveAtZero: 'Save at Ksh 0',
    /** '12 Crates', '2.5 Kg': a unit the farmer typed stays as typed. */
    quantityOf: (quantity: string, unit: string) => `${quantity} ${saleUnitLabel(unit)}`,
    typePlaceholder: 'Select a type',
    // Screen (docs/product.md §2 Sales).
    welcome: "Now, Let's Manage Your Sales!",
    createNewSale: 'Create New Sale',
    editSale: 'Edit Sale',
    saving: 'Saving...',
    updating: 'Updating...',
    markPaid: 'Mark Paid',
    markPending: 'Mark Pending',
    recentSales: 'Recent Sales',
    overviewTitle: 'Sales Overview (Current Month)',
    trendTitle: 'Sales Trend (Last 6 Months)',
    dailyChartTitle: 'Daily Sales Chart',
    reportTitle: 'Generate Sales Report',
    remarksTitle: 'Remarks, miscellaneous and recommendations',
    noSales: 'No sales recorded yet.',
    unknownFlock: 'Unknown Flock',
    statusEmpty: 'N/A',
    // Fields (docs/product.md §5 New sale).
    selectFlock: 'Please select a flock.',
    selectCategory: 'Please select a category.',
    productRequired: 'Product is required.',
    productTooLong: `Product must be at most ${SALE_PRODUCT_MAX} characters.`,
    descriptionTooLong: `Description must be at most ${SALE_DESCRIPTION_MAX} characters.`,
    quantityRequired: 'Quantity is required.',
    quantityInvalid: 'Quantity must be a number.',
    quantityPositive: 'Quantity must be above 0.',
    quantityTooLarge: 'Quantity cannot be more than 1,000,000.',
    quantityDecimals: `Quantity can have at most ${QUANTITY_DECIMALS_MAX} decimal places.`,
    /** 'Quantity must be a whole number for crates.' */
    quantityWhole: (unit: string) => `Quantity must be a whole number for ${unit.toLowerCase()}.`,
    unitTooLong: `Unit must be at most ${SALE_UNIT_MAX} characters.`,
    unitPriceRequired: 'Unit price is required.',
    unitPriceInvalid: 'Enter a unit price in shillings, like 450 or 33.35.',
    unitPriceNegative: 'Unit price cannot be negative.',
    unitPriceDecimals: 'Unit price can have at most 2 decimal places.',
    unitPriceTooLarge: 'Unit price must be at most Ksh 100,000,000.',
    amountTooLarge: 'The amount (quantity × unit price) must be at most Ksh 100,000,000.',
    selectSaleType: 'Please select a sale type.',
    selectStatus: 'Please select a status.',
    dateRequired: 'Date is required.',
    dateInvalid: 'Enter a valid date.',
    /** docs/product.md §5: the words shown for any date outside the six-month window or in the future. */
    dateOutsideWindow: 'Please select a valid date within the current month.',
    nothingToUpdate: 'Nothing to update.',
    notFound: 'Sale not found.',
    /** A sale of more egg crates than the stock: a warning only, the sale is recorded. */
    moreCratesThanStock: (availableCrates: number) =>
      `Only ${availableCrates} ${availableCrates === 1 ? 'crate' : 'crates'} of eggs in stock this month; the sale is recorded anyway.`,
    // Delete (docs/product.md §5).
    confirmDelete: 'Are you sure you want to delete this item? This action cannot be undone.',
    // docs/product.md §8 Sales.
    errorUpdating: 'There was an error updating the sale. Please try again.',
    errorDeleting: 'There was an error deleting the sale. Please try again.',
    /** 'Could not update sale S-000123.' */
    couldNotUpdate: (ref: string) => `Could not update sale ${ref}.`,
    /** 'Sale S-000123 marked as Completed.' */
    markedAs: (ref: string, status: SaleStatus) => `Sale ${ref} marked as ${SALE_STATUS_LABELS[status]}.`,
    saleDeletedTitle: 'Sale Deleted',
    updated: 'Sale updated successfully.',
    deleted: 'Sale deleted successfully.',
    saved: 'Sale saved successfully!',
    failedToSave: 'Failed to save the sale. Please try again.',
    // Sales report generator (docs/product.md §5); it asks the reports feature for a sales report.
    reportFieldsRequired: 'Start date, end date and report type are required.',
    reportTypeInvalid: 'Choose summary or detailed.',
    reportEndBeforeStart: 'Start date cannot be after end date.',
    // Remarks card.
    remarkNoSalesThisMonth: 'No sales recorded this month yet.',
    remarkBestSeller: (category: string) => `Best selling product this month: ${category}`,
    remarkCategoryChange: (category: string, direction: 'rose' | 'fell', percent: number) =>
      `${category} ${direction} ${percent} % against last month`,
    remarkOldCredit: (cents: Cents, count: number) =>
      `${formatKes(cents)} on credit is older than ${SALE_CREDIT_OLD_DAYS} days (${count} ${count === 1 ? 'sale' : 'sales'})`,
    remarkFollowUpPending: (count: number, cents: Cents) =>
      `Follow up ${count} pending ${count === 1 ? 'sale' : 'sales'} worth ${formatKes(cents)}.`,
    remarkMoreCratesThanCollected: 'More egg crates sold this month than collected: check for missing production records.',
    orderInvalid: 'Order must be asc or desc.',
    // The sales screen's other words (docs/product.md names none of them).
    pageTitle: 'Sales',
    welcomeText: 'Record each sale, mark what is paid, and see how the month is going.',
    chartsHeading: 'Sales charts',
    chartsLoading: 'Loading sales charts',
    listLoading: 'Loading recent sales',
    reportLoading: 'Loading the report form',
    statsTitle: 'Sales Statistics',
    thisMonth: 'This month',
    statsFailed: 'Sales statistics could not be loaded. Please try again.',
    statRevenue: 'Revenue this month',
    statRevenueNote: 'Paid and pending sales',
    statCount: 'Number of sales',
    /** 'On 3 sale days' */
    onSaleDays: (days: number) => `On ${formatCount(days)} ${days === 1 ? 'sale day' : 'sale days'}`,
    statCountNote: 'Sales dated this month',
    statPaid: 'Paid',
    /** '2 completed sales' */
    completedSales: (count: number) => `${formatCount(count)} ${count === 1 ? 'completed sale' : 'completed sales'}`,
    statPaidNote: 'Completed sales',
    statPending: 'Pending',
    /** '2 pending sales this month' */
    pendingThisMonth: (count: number) => `${formatCount(count)} ${count === 1 ? 'pending sale' : 'pending sales'} this month`,
    statPendingNote: 'Pending sales this month',
    statAverage: 'Average per sale day',
    statAverageNote: 'Revenue over the days with sales',
    statGrowth: 'Growth vs last month',
    /** 'Last month Ksh 1,200.00' (the amount already formatted). */
    lastMonth: (amount: string) => `Last month ${amount}`,
    statGrowthNote: 'Against last month',
    overviewLoading: 'Loading the sales overview',
    /** '3 sales' */
    salesCount: (count: number) => `${formatCount(count)} ${count === 1 ? 'sale' : 'sales'}`,
    /** '40% of the month' */
    shareOfMonth: (percent: number) => `${percent}% of the month`,
    /** 'Total (3 sales)' */
    overviewTotal: (count: number) => `Total (${formatCount(count)} ${count === 1 ? 'sale' : 'sales'})`,
    remarksLoading: 'Loading the remarks',
    noRemarks: 'Nothing to remark on this month.',
    remarkKinds: { remark: 'Remarks', miscellaneous: 'Miscellaneous', recommendation: 'Recommendations' },
    // The list of recent sales.
    refColumn: 'Ref',
    dateColumn: 'Date',
    productColumn: 'Product',
    flockColumn: 'Flock',
    quantityColumn: 'Quantity',
    amountColumn: 'Amount',
    statusColumn: 'Status',
    actionsColumn: 'Actions',
    searchLabel: 'Search sales',
    searchPlaceholder: 'Ref, product, flock or description',
    listLabel: 'Recent sales',
    listFailed: 'Sales could not be loaded. Please try again.',
    noMatch: (q: string) => `No sales match "${q}".`,
    listPages: 'Recent sales pages',
    deleteSale: 'Delete sale',
    editSaleOf: (ref: string) => `Edit sale ${ref}`,
    deleteSaleOf: (ref: string) => `Delete sale ${ref}`,
  },
  { sw: () => import('./sw/sales-rules.js') as Promise<Catalogues> },
);

/** The debtors screen lists at most this many buyers, the oldest debt first; its totals count them all (decision 055). */
export const DEBTORS_MAX = 200;
/** POST /api/sales/status changes at most this many sales at once. */
export const SALE_STATUS_IDS_MAX = 500;

const debtorSince = (dayText: string, days: number) => `${dayText} · ${days <= 0 ? 'today' : days === 1 ? '1 day' : `${formatCount(days)} days`}`;
const salesCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'sale' : 'sales'}`;

/** The debtors screen (/sales-management/debtors, decision 055): who owes the farm, by buyer. */
export const debtorMessages = words(
  'debtors',
  {
    title: 'Who owes',
    intro: 'Unpaid sales by buyer, the oldest debt first.',
    /** The buyer of pending sales recorded without a description. */
    noBuyer: 'No buyer named',
    totalOwed: 'Total owed',
    /** '3 buyers' */
    buyers: (count: number) => `${formatCount(count)} ${count === 1 ? 'buyer' : 'buyers'}`,
    /** '2 sales' */
    sales: salesCount,
    /** '05 Mar 2026 · 42 days' (the day already written as the farm reads it), under the heading 'Owed since'. */
    sinceDays: debtorSince,
    /** 'since 05 Mar 2026 · 42 days' */
    since: (dayText: string, days: number) => `since ${debtorSince(dayText, days)}`,
    markPaid: 'Mark paid',
    /** The button's accessible name: 'Mark paid: Mama Njeri'. */
    markPaidFor: (buyer: string) => `Mark paid: ${buyer}`,
    /** 'Mama Njeri paid Ksh 1,200.00 (2 sales).' */
    markedPaid: (buyer: string, cents: Cents, count: number) => `${buyer} paid ${formatKes(cents)} (${salesCount(count)}).`,
    markedPaidTitle: 'Marked paid',
    undo: 'Undo',
    /** 'Mama Njeri owes Ksh 1,200.00 again.' */
    undone: (buyer: string, cents: Cents) => `${buyer} owes ${formatKes(cents)} again.`,
    couldNotMarkPaid: (buyer: string) => `Could not mark ${buyer}'s sales paid.`,
    couldNotUndo: (buyer: string) => `Could not set ${buyer}'s sales back to pending.`,
    none: 'No one owes you.',
    noneNote: 'Every sale is paid.',
    failedToLoad: 'Could not load who owes. Please try again.',
    loading: 'Loading who owes',
    /** 'The 200 oldest of 240 buyers are shown; the total counts them all.' */
    capped: (shown: number, total: number) => `The ${formatCount(shown)} oldest of ${formatCount(total)} buyers are shown; the total counts them all.`,
    backToSales: 'Back to Sales',
    /** The sales screen's way in, beside the list. */
    openDebtors: 'Who owes',
    pendingCardHint: 'See who owes',
    // POST /api/sales/status.
    idsRequired: 'Choose at least one sale.',
    idsTooMany: `Choose at most ${formatCount(SALE_STATUS_IDS_MAX)} sales at once.`,
    idInvalid: 'Each sale must be named by its id.',
    // Table headings.
    buyerHeading: 'Buyer',
    salesHeading: 'Sales',
    owedHeading: 'Owed',
    sinceHeading: 'Owed since',
    actionsHeading: 'Actions',
  },
  { sw: () => import('./sw/sales-rules.js') as Promise<Catalogues> },
);

/** A debtor's name as the screen shows it: the buyer, or 'No buyer named'. */
export function debtorName(buyer: string | null): string {
  return buyer ?? debtorMessages.noBuyer;
}

/** docs/product.md §4: 'Pending', 'Completed', or 'N/A' when empty. */
export function saleStatusLabel(status: SaleStatus | null | undefined): string {
  return status ? SALE_STATUS_LABELS[status] : saleMessages.statusEmpty;
}

/** A new sale's status follows its type until the farmer picks one: credit is owed, the rest is paid. */
export const statusForType = (type: SaleType | ''): SaleStatus | '' => (type === '' ? '' : type === 'Credit' ? 'pending' : 'paid');

/** docs/product.md §4: 'Mark Paid' is shown unless paid. */
export function showMarkPaid(status: SaleStatus | null | undefined): boolean {
  return status !== 'paid';
}

/** docs/product.md §4: 'Mark Pending' is shown unless pending. */
export function showMarkPending(status: SaleStatus | null | undefined): boolean {
  return status !== 'pending';
}

/**
 * The unit a sale is stored with: the category's (docs/product.md §9), whatever the client sent; for
 * 'Other' the client's unit, trimmed, or 'Units' when empty.
 */
export function saleUnit(category: SaleCategory, unit?: string | null): string {
  const fixed = SALE_UNIT_BY_CATEGORY[category];
  if (fixed) return fixed;
  const text = unit?.trim() ?? '';
  if (isBirdSale(category)) return /^(kg|kgs|kilo|kilos|kilogram|kilograms)$/i.test(text) ? 'Kg' : 'Birds';
  return text === '' ? DEFAULT_OTHER_UNIT : text;
}

/** Crates, chicks and sacks are counted whole; kilograms and other units take up to 3 decimals. */
export function isWholeUnitCategory(category: SaleCategory): boolean {
  return category === 'Egg Sales' || category === 'Chicks' || category === 'Manure';
}

/** Whether a sale's quantity is counted whole: its category's, or birds sold by the bird. */
export function isWholeSaleUnit(category: SaleCategory, unit?: string | null): boolean {
  return isWholeUnitCategory(category) || (isBirdSale(category) && saleUnit(category, unit) === 'Birds');
}

/** The decimals of a number as JSON writes it; null for an exponent form (1e-7, 1e21). */
function decimalsOf(value: number): number | null {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(String(value));
  return match ? (match[1]?.length ?? 0) : null;
}

/**
 * What is wrong with a sale's quantity for its category, or null: a finite number above 0,
 * at most MAX_SALE_QUANTITY, at most 3 decimals, whole for crates, chicks and sacks. The
 * schema and the server (on an edit merged with the stored sale) both ask this.
 */
export function saleQuantityProblem(category: SaleCategory, quantity: number, unit?: string | null): string | null {
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return saleMessages.quantityInvalid;
  if (quantity <= 0) return saleMessages.quantityPositive;
  if (quantity > MAX_SALE_QUANTITY) return saleMessages.quantityTooLarge;
  const decimals = decimalsOf(quantity);
  if (decimals === null || decimals > QUANTITY_DECIMALS_MAX) return saleMessages.quantityDecimals;
  if (decimals > 0 && isWholeSaleUnit(category, unit)) return saleMessages.quantityWhole(saleUnit(category, unit));
  return null;
}

/**
 * docs/product.md §5: a sale's date lies from the first day of the month six months back up to today
 * (both 'YYYY-MM-DD' in the farm's time zone): 2026-11-24 → 2026-05-01 to 2026-11-24,
 * 2026-03-31 → 2025-09-01.
 */
export function saleDateWindow(today: string): { earliest: string; latest: string } {
  return { earliest: `${shiftMonth(today.slice(0, 7), -SALE_DATE_WINDOW_MONTHS)}-01`, latest: today };
}

/** Whether `day` ('YYYY-MM-DD') may be a sale's date when it is `today` on the farm. */
export function isSaleDateAllowed(day: string, today: string): boolean {
  if (!isCalendarDay(day)) return false;
  const { earliest, latest } = saleDateWindow(today);
  return day >= earliest && day <= latest;
}

/** The trend's months 'YYYY-MM', oldest first, ending with this month: 2026-11-24 → 2026-06 … 2026-11. */
export function saleTrendMonths(today: string): string[] {
  const month = today.slice(0, 7);
  return Array.from({ length: SALE_TREND_MONTHS }, (_, i) => shiftMonth(month, i - (SALE_TREND_MONTHS - 1)));
}

/** The greatest ref number (a 32-bit integer column). */
export const REF_NO_MAX = 2_147_483_647;
const REF_NO = /^S-(\d{1,10})$/i;

/** A sale's readable number: 123 → 'S-000123' (6 digits at least). */
export function formatRefNo(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Not a ref number: ${n}`);
  return `S-${String(n).padStart(6, '0')}`;
}

/** 'S-000123' (any case, spaces around) → 123; null for anything else. */
export function parseRefNo(text: string): number | null {
  const match = REF_NO.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= REF_NO_MAX ? n : null;
}

/** This month against last in percent, one decimal; null when last month sold nothing. */
export function salesGrowth(thisMonthCents: Cents, lastMonthCents: Cents): number | null {
  if (lastMonthCents <= 0) return null;
  const percent = ((thisMonthCents - lastMonthCents) / lastMonthCents) * 100;
  const rounded = Math.sign(percent) * (Math.round(Math.abs(percent) * 10) / 10);
  return rounded === 0 ? 0 : rounded;
}

/** docs/product.md §9: the sales overview average is the total over distinct sale days, whole cents; 0 with no days. */
export function averagePerSaleDay(totalCents: Cents, saleDays: number): Cents {
  return saleDays > 0 ? Math.round(totalCents / saleDays) : 0;
}

// ---------------------------------------------------------------------------------------
// The remarks card (docs/product.md leaves its source open, decision 025): plain rules over the farm's
// figures, each a function returning one remark or null.

export type SaleRemarkKind = 'remark' | 'miscellaneous' | 'recommendation';
export const SALE_REMARK_KINDS = ['remark', 'miscellaneous', 'recommendation'] as const satisfies readonly SaleRemarkKind[];
export interface SaleRemark {
  kind: SaleRemarkKind;
  text: string;
}

export interface CategoryAmount {
  category: SaleCategory;
  amountCents: Cents;
}

/** The figures the remarks read, summed by the server in SQL for the farm's current month. */
export interface SaleFacts {
  thisMonthCents: Cents;
  lastMonthCents: Cents;
  /** Sales dated this month. */
  salesThisMonth: number;
  byCategoryThisMonth: CategoryAmount[];
  /** Last month's whole month. */
  byCategoryLastMonth: CategoryAmount[];
  /** Pending sales dated more than SALE_CREDIT_OLD_DAYS days before today, whatever their type. */
  oldCreditCents: Cents;
  oldCreditCount: number;
  /** Every pending sale, of any date. */
  pendingCents: Cents;
  pendingCount: number;
  /** Egg Sales quantity (crates) dated this month. */
  eggCratesThisMonth: number;
  /** This month's collected eggs less this month's adjustments, over 30 (may be fractional). */
  availableEggCrates: number;
}

/** 'No sales recorded this month yet.' when none is dated this month. */
export function noSalesRemark(facts: Pick<SaleFacts, 'salesThisMonth'>): SaleRemark | null {
  return facts.salesThisMonth > 0 ? null : { kind: 'remark', text: saleMessages.remarkNoSalesThisMonth };
}

const orderOf = (category: SaleCategory) => SALE_CATEGORIES.indexOf(category);

/** The category that brought the most money this month; a tie goes to the first in SALE_CATEGORIES. */
export function bestSellerRemark(facts: Pick<SaleFacts, 'byCategoryThisMonth'>): SaleRemark | null {
  let best: CategoryAmount | undefined;
  for (const row of facts.byCategoryThisMonth) {
    if (row.amountCents <= 0) continue;
    if (!best || row.amountCents > best.amountCents || (row.amountCents === best.amountCents && orderOf(row.category) < orderOf(best.category))) best = row;
  }
  return best ? { kind: 'remark', text: saleMessages.remarkBestSeller(best.category) } : null;
}

/**
 * The category that moved most against last month, when it moved 10 % or more either way
 * (a category last month did not sell has nothing to compare with). The percent shown is
 * whole; the threshold is on the exact change.
 */
export function categoryChangeRemark(facts: Pick<SaleFacts, 'byCategoryThisMonth' | 'byCategoryLastMonth'>): SaleRemark | null {
  const sum = (rows: CategoryAmount[], category: SaleCategory) =>
    rows.reduce((total, row) => (row.category === category ? total + row.amountCents : total), 0);
  let found: { category: SaleCategory; change: number } | undefined;
  for (const category of SALE_CATEGORIES) {
    const last = sum(facts.byCategoryLastMonth, category);
    if (last <= 0) continue;
    const now = sum(facts.byCategoryThisMonth, category);
    if (Math.abs(now - last) * 100 < SALE_CATEGORY_CHANGE_PERCENT * last) continue;
    const change = ((now - last) / last) * 100;
    if (!found || Math.abs(change) > Math.abs(found.change)) found = { category, change };
  }
  if (!found) return null;
  const direction = found.change > 0 ? 'rose' : 'fell';
  return { kind: 'remark', text: saleMessages.remarkCategoryChange(found.category, direction, Math.round(Math.abs(found.change))) };
}

/** 'Ksh 12,400.00 on credit is older than 30 days (3 sales)' when unpaid sales are that old. */
export function oldCreditRemark(facts: Pick<SaleFacts, 'oldCreditCents' | 'oldCreditCount'>): SaleRemark | null {
  return facts.oldCreditCount > 0 ? { kind: 'miscellaneous', text: saleMessages.remarkOldCredit(facts.oldCreditCents, facts.oldCreditCount) } : null;
}

/** More egg crates sold this month than this month's collection holds: production records are missing. */
export function eggCratesRemark(facts: Pick<SaleFacts, 'eggCratesThisMonth' | 'availableEggCrates'>): SaleRemark | null {
  return facts.eggCratesThisMonth > Math.max(0, facts.availableEggCrates)
    ? { kind: 'miscellaneous', text: saleMessages.remarkMoreCratesThanCollected }
    : null;
}

/** 'Follow up 4 pending sales worth Ksh 9,800.00.' when any sale is pending. */
export function followUpPendingRemark(facts: Pick<SaleFacts, 'pendingCents' | 'pendingCount'>): SaleRemark | null {
  return facts.pendingCount > 0 ? { kind: 'recommendation', text: saleMessages.remarkFollowUpPending(facts.pendingCount, facts.pendingCents) } : null;
}

/** Every rule in the order the card shows them, the ones that do not apply left out. */
export const SALE_REMARK_RULES = [noSalesRemark, bestSellerRemark, categoryChangeRemark, oldCreditRemark, eggCratesRemark, followUpPendingRemark] as const;

/** The remarks card's lines for a farm's figures. */
export function saleRemarks(facts: SaleFacts): SaleRemark[] {
  return SALE_REMARK_RULES.map((rule) => rule(facts)).filter((remark): remark is SaleRemark => remark !== null);
}

/** Which sale it is, as sent or as answered: what differs when two phones changed it (the phone's list of records). */
export const saleLine = (r: { date: string; product: string; quantity?: number | string; unit_price?: number | string; status?: string }) => ({
  day: r.date,
  detail: [r.product, r.quantity, r.unit_price === undefined ? '' : `× ${shillingsText(r.unit_price)}`, r.status].filter(Boolean).join(' '),
});

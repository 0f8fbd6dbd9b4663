/**
 * Egg production and adjustment rules, words and calculations, without zod: a screen that
 * shows them does not load the schemas (decision 017). The schemas are in eggs.ts.
 */
import { countDetail, formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §9: eggs per tray or crate. */
export const EGGS_PER_TRAY = 30;
/** A day's collection above this is a typing slip, not a farm (the biggest layer farms collect about a million). */
export const MAX_EGGS_PER_DAY = 10_000_000;
/** An adjustment's number, in its unit; crates × 30 stays below MAX_EGGS_PER_DAY. */
export const MAX_ADJUSTMENT_NUMBER = 300_000;
export const EGG_NOTES_MAX = 500;

export const ADJUSTMENT_TYPES = ['giveaway', 'breakage', 'consumption'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
export const ADJUSTMENT_UNITS = ['eggs', 'crates'] as const;
export type AdjustmentUnit = (typeof ADJUSTMENT_UNITS)[number];

export const ADJUSTMENT_TYPE_LABELS: Record<AdjustmentType, string> = words(
  'adjustmentTypes',
  {
    giveaway: 'Giveaway',
    breakage: 'Breakage',
    consumption: 'Consumption',
  },
  { sw: () => import('./sw/eggs-rules.js') as Promise<Catalogues> },
);

/** docs/product.md §9: production and adjustment lists show 10 a page. */
export const EGG_PAGE_SIZE = 10;
/** The daily chart's reach. */
export const EGG_CHART_DAYS = 30;

/**
 * 'Record today's eggs' lists the flocks that lay: not broilers, not archived, and either in a
 * laying status or with eggs recorded within the last EGG_DAY_RECENT_DAYS days (a flock still
 * marked 'growing' that has started laying).
 */
export const LAYING_STATUSES = ['active', 'mature'] as const;
export const EGG_DAY_RECENT_DAYS = 14;
/** One save of the day carries at most this many rows (a farm's laying flocks, with room). */
export const EGG_DAY_ROWS_MAX = 500;
/** A row of the day's save: added, changed, the same as before, or refused (with its message). */
export const EGG_DAY_ROW_STATUSES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type EggDayRowStatus = (typeof EGG_DAY_ROW_STATUSES)[number];

export const eggMessages = words('eggs', {
  /** A record kept without a price (the app's forms send 0): no revenue to show, rather than Ksh 0.00 (decision 054). */
  noPrice: 'No price',
  /** The day's record opened from the add form keeps the count just typed (decision 054). */
  typedCarried: (kept: string) => `The eggs you typed are filled in; the record has ${kept} eggs until you update it.`,
  typePlaceholder: 'Select a type',
  selectFlock: 'Please select a flock.',
  dateRequired: 'Date is required.',
  dateInvalid: 'Enter a valid date.',
  dateInFuture: 'The date cannot be after today.',
  eggsRequired: 'Eggs collected is required.',
  eggsInvalid: 'Eggs collected must be a whole number, 0 or more.',
  eggsTooMany: 'Eggs collected cannot be more than 10,000,000 a day.',
  traysInvalid: 'Trays must be a whole number, 0 or more.',
  remainderInvalid: 'Remainder eggs must be 0 to 29.',
  dayTitle: "Record today's eggs",
  dayTitleFor: (day: string) => `Record eggs for ${day}`,
  dayIntro: 'Every laying flock on one screen: trays and loose eggs per flock, one save for all.',
  dayNoFlocks: 'No laying flocks. Broiler, chick and archived flocks are not listed here.',
  dayNothingToSave: 'Enter the eggs of at least one flock.',
  dayTooManyRows: `At most ${EGG_DAY_ROWS_MAX} flocks can be saved at once.`,
  dayFlockTwice: 'A flock is listed twice.',
  dayDate: 'Day',
  dayLoading: "Loading the flocks' day",
  dayFailedToLoad: 'Could not load the flocks. Check your connection.',
  dayTrays: 'Trays',
  dayLoose: 'Loose eggs',
  dayTraysFor: (flock: string) => `Trays for ${flock}`,
  dayLooseFor: (flock: string) => `Loose eggs for ${flock}`,
  dayBirds: (birds: string) => `${birds} birds`,
  dayFixRows: 'Check the flocks marked in red before saving.',
  /** The day before's eggs beside a row: 'Yesterday' when the day is today. */
  dayPrevious: (eggs: string | null, today: boolean) => `${today ? 'Yesterday' : 'Day before'}: ${eggs ?? 'not recorded'}`,
  dayRecorded: 'Recorded',
  /** A row saved with no signal, waiting on the phone to be sent. */
  dayOnPhone: 'On this phone',
  dayKeptOnPhone: (rows: number) => `Saved on this phone for ${rows} ${rows === 1 ? 'flock' : 'flocks'}. They are sent to Kuku as soon as it can be reached.`,
  dayTotal: (eggs: string, trays: string) => `Total: ${eggs} eggs (${trays})`,
  daySave: (rows: number) => `Save ${rows} ${rows === 1 ? 'flock' : 'flocks'}`,
  dayNothingToSaveYet: 'Nothing to save',
  daySaving: 'Saving...',
  daySaved: (rows: number) => `Eggs saved for ${rows} ${rows === 1 ? 'flock' : 'flocks'}.`,
  dayPartlySaved: (saved: number, failed: number) => `${saved} saved, ${failed} not saved: see the flocks marked below.`,
  dayAlreadyRecorded: (eggs: string) => `Already recorded by someone else (${eggs}). Check and save again to replace it.`,
  dayRecordGone: 'This record was deleted meanwhile. Save again to add it anew.',
  dayFlockGone: 'This flock is no longer on the farm.',
  dayFailed: 'Failed to save the eggs. Please try again.',
  moreEggsThanBirds: (birds: string) => `More eggs than the flock's ${birds} birds: a hen lays at most one egg a day. Check the trays.`,
  duplicateDay: 'A record for this flock and day already exists. Please edit it.',
  fillAllRequired: 'Please fill all required fields.',
  typeInvalid: 'Choose giveaway, breakage or consumption.',
  unitInvalid: 'Choose eggs or crates.',
  numberMin: 'The number must be at least 1.',
  numberWhole: 'The number must be a whole number of eggs or crates.',
  numberTooLarge: 'The number cannot be more than 300,000.',
  notesTooLong: `Notes must be at most ${EGG_NOTES_MAX} characters.`,
  productionNotFound: 'Egg production record not found.',
  adjustmentNotFound: 'Egg adjustment not found.',
  unknownFlock: 'Unknown Flock',
  // docs/product.md §8, Egg production/adjustments.
  failedToAddProduction: 'Failed to add egg production record.',
  failedToUpdateProductionRecord: 'Failed to update egg production record.',
  failedToDeleteProductionRecord: 'Failed to delete egg production record.',
  failedToUpdateProduction: 'Failed to update egg production',
  failedToDeleteProduction: 'Failed to delete egg production',
  failedToLoadAdjustments: 'Failed to load egg adjustments.',
  failedToAddAdjustment: 'Failed to add egg adjustment.',
  failedToUpdateAdjustment: 'Failed to update egg adjustment.',
  failedToDeleteAdjustment: 'Failed to delete egg adjustment.',
  adjustmentAdded: 'Egg adjustment added successfully!',
  adjustmentUpdated: 'Egg adjustment updated successfully!',
  adjustmentDeleted: 'Egg adjustment deleted successfully!',
  productionAdded: 'Egg production added successfully',
  productionUpdated: 'Egg production updated successfully',
  productionDeleted: 'Egg production deleted successfully',
  confirmDeleteProduction: 'Delete this egg production record? This cannot be undone.',
  confirmDeleteAdjustment: 'Delete this egg adjustment? This cannot be undone.',
  noProduction: 'No egg production recorded yet.',
  noAdjustments: 'No egg adjustments recorded yet.',
  orderInvalid: 'Order must be asc or desc.',
  /** A record's count in the phone's list of records waiting to be sent (productionLine, adjustmentLine). */
  lineEggs: (shown: string) => `${shown} eggs`,
  lineCrates: (shown: string) => `${shown} crates`,
  /** "12 trays + 5 eggs" (traysText): the trays as shown, and the eggs left over. */
  traysCount: (trays: number, shown: string, eggs: number) => `${shown} ${trays === 1 ? 'tray' : 'trays'} + ${eggs} ${eggs === 1 ? 'egg' : 'eggs'}`,
  /** "1 egg", "365 eggs": the count as shown. */
  eggCount: (eggs: number, shown: string) => `${shown} ${eggs === 1 ? 'egg' : 'eggs'}`,
  // The egg screen's first screen (the lists, forms and charts have their own words below).
  pageTitle: 'Egg Production',
  addProduction: 'Add New Production',
  addAdjustment: 'Add Egg Adjustment',
  chartsTitle: 'Production charts',
  chartsLoading: 'Loading egg production charts',
  productionListLoading: 'Loading the egg production list',
  adjustmentListLoading: 'Loading the egg adjustments list',
  flockManagement: 'Flock Management',
  retry: 'Try again',
  statsTitle: 'Egg Production Statistics',
  thisMonth: 'This month',
  eggsThisMonth: 'Eggs this month',
  productionDays: 'Production days',
  productionDaysNote: 'Days recorded this month',
  averagePerDay: 'Average per day',
  averagePerDayNote: 'Eggs a production day',
  averageTrays: 'Average trays per day',
  averageTraysNote: 'Trays of 30 a production day',
  availableStock: 'Available egg stock',
  /** Under the stock: its trays, after this month's egg sales. */
  afterCratesSold: (trays: string, crates: string) => `${trays}, after ${crates} crates sold`,
  layingRate: 'Laying rate',
  layingRateNote: 'Eggs per bird a day, all flocks',
  layingByFlock: 'Laying Rate by Flock',
  layingLoading: 'Loading laying rates',
  noProductionThisMonth: 'No production recorded this month.',
  flockColumn: 'Flock',
  birdsColumn: 'Birds',
  eggsColumn: 'Eggs',
  daysColumn: 'Days',
  layingColumn: 'Laying %',
  adjustmentSummary: 'Egg Adjustment Summary',
  totalAdjusted: 'Total adjusted',
  totalThisMonth: 'Total this month',
}, { sw: () => import('./sw/eggs-rules.js') as Promise<Catalogues> });

/** docs/product.md §9: trays = floor(eggs / 30), remainder = eggs mod 30. */
export function toTrays(eggs: number): { trays: number; eggs: number } {
  return { trays: Math.floor(eggs / EGGS_PER_TRAY), eggs: eggs % EGGS_PER_TRAY };
}

/** The form's trays and remainder eggs as eggs. */
export function eggsFromTrays(trays: number, remainder: number): number {
  return trays * EGGS_PER_TRAY + remainder;
}

/** Whether the production form's numbers may be sent: whole trays ≥ 0, remainder 0 to 29, within a day's maximum. */
export function isValidTrayEntry(trays: number, remainder: number): boolean {
  return (
    Number.isInteger(trays) && trays >= 0 && Number.isInteger(remainder) && remainder >= 0 && remainder < EGGS_PER_TRAY &&
    eggsFromTrays(trays, remainder) <= MAX_EGGS_PER_DAY
  );
}

/** A day's eggs past one a bird: a slip of the keypad more likely than a record (warned, not refused). */
export function eggsPastBirds(eggs: number, birdCount: number): boolean {
  return eggs > birdCount;
}

/** "12 trays + 5 eggs", as every screen shows an egg count. */
export function traysText(eggs: number): string {
  const t = toTrays(eggs);
  return eggMessages.traysCount(t.trays, formatCount(t.trays), t.eggs);
}

/** An adjustment's number in its unit as eggs: crates × 30. */
export function adjustmentEggs(number: number, unit: AdjustmentUnit): number {
  return unit === 'crates' ? number * EGGS_PER_TRAY : number;
}

/** The number in the unit it was entered in, for the edit form: whole crates stay crates. */
export function adjustmentNumber(eggs: number, unit: AdjustmentUnit): number {
  return unit === 'crates' ? eggs / EGGS_PER_TRAY : eggs;
}

/**
 * docs/product.md §9: this month's production − egg-sale crates × 30 − this month's adjustments,
 * never below 0.
 */
export function availableEggStock(producedEggs: number, eggSaleCrates: number, adjustedEggs: number): number {
  return Math.max(0, producedEggs - eggSaleCrates * EGGS_PER_TRAY - adjustedEggs);
}

/** docs/product.md §9: rounded eggs over production days, 0 with no days. */
export function averageEggsPerDay(eggs: number, days: number): number {
  return days > 0 ? Math.round(eggs / days) : 0;
}

/** docs/product.md §9: the tray total over distinct production days, to one decimal; 0 with no days. */
export function averageTraysPerDay(eggs: number, days: number): number {
  return days > 0 ? Math.round((eggs / EGGS_PER_TRAY / days) * 10) / 10 : 0;
}

/**
 * The hen-day laying rate in percent, one decimal: eggs over hen-days (birds × days
 * recorded). Null without birds or days, where no rate exists.
 */
export function layingRate(eggs: number, birds: number, days: number): number | null {
  if (birds <= 0 || days <= 0) return null;
  return Math.round((eggs / (birds * days)) * 1000) / 10;
}

/** Which egg record it is, as sent or as answered: its day and count (the phone's list of records). */
export const productionLine = (r: { date_produced: string; eggs_collected: number; flock_name?: string | undefined }) => ({
  day: r.date_produced,
  detail: r.flock_name ? `${r.flock_name}, ${eggMessages.lineEggs(formatCount(r.eggs_collected))}` : eggMessages.lineEggs(formatCount(r.eggs_collected)),
});
/** "breakage, 2 crates": the type's label in small letters and the number in its unit (a type or unit unknown stays as sent). */
export const adjustmentLine = (r: { date_adjusted: string; adjustment_type: string; eggs_adjusted: number; unit?: string }) => {
  const type = r.adjustment_type as AdjustmentType;
  const label = ADJUSTMENT_TYPES.includes(type) ? ADJUSTMENT_TYPE_LABELS[type].toLowerCase() : r.adjustment_type;
  const unit = r.unit ?? 'eggs';
  const number =
    unit === 'eggs' ? eggMessages.lineEggs(formatCount(r.eggs_adjusted)) : unit === 'crates' ? eggMessages.lineCrates(formatCount(r.eggs_adjusted)) : countDetail(r.eggs_adjusted, unit);
  return { day: r.date_adjusted, detail: `${label}, ${number}` };
};

/** The locale the app writes numbers and money in, on screen and in reports (docs/product.md §9: en-KE). */
export const NUMBER_LOCALE = 'en-KE';

/** The currency of every amount (docs/product.md §9: Kenyan shillings). */
export const CURRENCY = 'KES';

/**
 * The locale the date formats take their parts from: day, month number, year and a 24-hour
 * clock. The words around them (month names, 'Week 1') come from fixed lists, not from ICU.
 */
export const DATE_PARTS_LOCALE = 'en-GB';

/** The farm's default time zone: farmers are in Kenya first. */
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

import { CURRENCY, DATE_PARTS_LOCALE, DEFAULT_TIME_ZONE, NUMBER_LOCALE } from '@kuku/domain';
import type { FormatsToReady } from './early-requests';

/** The formats index.html's script readies (decision 045): the app's money format and its farm-time dates. */
export const FORMATS_TO_READY: FormatsToReady = {
  numberLocale: NUMBER_LOCALE,
  currency: CURRENCY,
  datePartsLocale: DATE_PARTS_LOCALE,
  timeZone: DEFAULT_TIME_ZONE,
};

/**
 * What a farm's texts cost and the owner's daily limit on them (decision 076): the billing page's
 * 'Text messages' card and the limit's refusal. Without zod; the schemas are sms-usage.ts.
 */
import { words, type Catalogues } from './common/words.js';

/** The most texts a farm may allow itself a day: a limit on what a mistake can cost. */
export const SMS_DAILY_CAP_MAX = 50;
/** Months the card lists, the newest first. */
export const SMS_USAGE_MONTHS = 12;

export const smsUsageWords = words(
  'smsUsage',
  {
    title: 'Text messages',
    subtitle: 'Notices your farm sent by SMS, and what the texts cost.',
    dailyCap: 'Texts a day at most',
    dailyCapHint: 'For the whole farm. 0 sends none.',
    capInvalid: 'Enter a whole number from 0 to 50.',
    save: 'Save',
    saved: 'The daily limit is saved.',
    failedToSave: 'Could not save the limit',
    month: 'Month',
    texts: 'Texts',
    cost: 'Cost',
    noTexts: 'No texts sent yet.',
    loading: 'Loading text messages',
    failedToLoad: 'Could not load the text messages',
  },
  { sw: () => import('./sw/sms-usage-rules.js') as Promise<Catalogues> },
);

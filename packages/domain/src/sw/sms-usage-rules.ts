/** Kiswahili of sms-usage-rules.ts (decision 068). */
import type { Catalogue } from '../common/words.js';
import type { smsUsageWords } from '../sms-usage-rules.js';

export const smsUsage = {
  title: 'Ujumbe mfupi (SMS)',
  subtitle: 'Taarifa ambazo shamba lako lilituma kwa SMS, na gharama yake.',
  dailyCap: 'Idadi ya juu ya SMS kwa siku',
  dailyCapHint: 'Kwa shamba zima. 0 haitumi hata moja.',
  capInvalid: 'Weka namba kamili kuanzia 0 hadi 50.',
  save: 'Hifadhi',
  saved: 'Kikomo cha kila siku kimehifadhiwa.',
  failedToSave: 'Imeshindikana kuhifadhi kikomo',
  month: 'Mwezi',
  texts: 'SMS',
  cost: 'Gharama',
  noTexts: 'Bado hakuna SMS iliyotumwa.',
  loading: 'Inapakia ujumbe mfupi',
  failedToLoad: 'Imeshindikana kupakia ujumbe mfupi',
} satisfies Catalogue<typeof smsUsageWords>;

/** Kiswahili of notice-settings-words.ts (decision 068). */
import type { Catalogue } from '../common/words.js';
import type { noticeSettingsWords } from '../notice-settings-words.js';

export const noticeSettings = {
  title: 'Taarifa',
  subtitle: 'Mbali na programu, jinsi Kuku inavyokuarifu kila aina ya taarifa.',
  smsNeedsPhone: 'SMS hutumwa tu kwa simu iliyothibitishwa. Thibitisha yako hapo juu ili uchague SMS.',
  saved: 'Imehifadhiwa.',
  failedToSave: 'Imeshindikana kuhifadhi chaguo lako',
  failedToLoad: 'Imeshindikana kupakia machaguo yako ya taarifa',
  loading: 'Inapakia machaguo yako ya taarifa',
  retry: 'Jaribu tena',
} satisfies Catalogue<typeof noticeSettingsWords>;

/**
 * The profile's notices section (decision 076): which channels beside the app each kind of notice
 * goes by. The kinds' and channels' names are noticeWords (notice-words.ts); the phone's
 * confirmation is phoneConfirmationWords. Loaded with the section, after the profile's first screen.
 */
import { words, type Catalogues } from './common/words.js';

export const noticeSettingsWords = words(
  'noticeSettings',
  {
    title: 'Notices',
    subtitle: 'Besides the app, how Kuku tells you each kind of notice.',
    smsNeedsPhone: 'SMS goes only to a confirmed phone. Confirm yours above to choose SMS.',
    saved: 'Saved.',
    failedToSave: 'Could not save your choice',
    failedToLoad: 'Could not load your notice choices',
    loading: 'Loading your notice choices',
    retry: 'Try again',
  },
  { sw: () => import('./sw/notice-settings-words.js') as Promise<Catalogues> },
);

/**
 * The words around a notice sent beyond the app (decision 076): the mail's frame, the unsubscribe
 * page and the profile's choices of channel. A notice's own words are notification-texts.ts,
 * the same in every channel. Kiswahili in sw/notice-words.ts (decision 068).
 */
import { words, type Catalogues } from './common/words.js';

export const noticeWords = words(
  'noticeWords',
  {
    /** Each kind of notice as the profile and a mail's footer name it. */
    kinds: {
      vaccinations: 'Vaccinations due or overdue',
      lowStock: 'Stock below its reorder level',
      budget: 'A budget exceeded',
      payments: 'Payments received or failed',
      subscription: 'Trial or subscription ending',
      staff: 'Staff joining the farm',
      flockGuide: 'A flock below its breed guide',
      reports: 'Reports ready',
      stockCounts: 'Stock counts with a gap',
      weeklySummary: "The owner's weekly summary",
    },
    channels: { push: 'Phone alert', mail: 'Email', sms: 'SMS' },
    /** A mail's subject: the notice's title and the farm. */
    mailSubject: (title: string, farm: string) => `${title} · ${farm}`,
    mailFarm: (farm: string) => `Kuku · ${farm}`,
    openInKuku: 'Open in Kuku',
    /** The footer says why the mail came and how to stop it. */
    mailWhy: (kind: string) => `You get this email because "${kind}" is on in your Kuku profile.`,
    unsubscribe: 'Stop these emails',
    changeChoices: 'Choose what Kuku sends you in My Profile',
    /** The unsubscribe page (no sign-in): a button, then what was done. */
    unsubscribeTitle: 'Stop these emails',
    unsubscribeAsk: (kind: string, email: string) => `Stop emails about "${kind}" to ${email}? You still see them in Kuku.`,
    unsubscribeButton: 'Stop these emails',
    unsubscribedTitle: 'Emails stopped',
    unsubscribed: (kind: string, email: string) => `${email} will get no more emails about "${kind}". You can turn them on again in My Profile.`,
    linkInvalidTitle: 'This link does not work',
    linkInvalid: 'This unsubscribe link is not valid. Open the newest email from Kuku, or choose what Kuku sends you in My Profile.',
    linkExpired: 'This unsubscribe link has expired. Open a newer email from Kuku, or choose what Kuku sends you in My Profile.',
    /** PUT /api/profile/notices: SMS asked for with no confirmed phone (422). */
    smsNeedsConfirmedPhone: 'Confirm your phone number in My Profile before choosing SMS.',
  },
  { sw: () => import('./sw/notice-words.js') as Promise<Catalogues> },
);

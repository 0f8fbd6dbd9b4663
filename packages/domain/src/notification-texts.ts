/**
 * The words of the notifications the server stores and pushes, in each recipient's language
 * (decision 068): apart from notifications-rules.ts, so that the bell's screens load neither these
 * nor their catalogue.
 */
import { formatKesPrice, type Cents } from './common/money.js';
import { words, type Catalogues } from './common/words.js';

/** The words of each notification Kuku sends (docs/design.md §6 sources), in one place. */
export const notificationTexts = words(
  'notificationTexts',
  {
    vaccinationDue: (vaccine: string, flock: string, day: string) => ({
      title: 'Vaccination due',
      message: `${vaccine} for ${flock} is due on ${day}.`,
    }),
    vaccinationTomorrow: (vaccine: string, flock: string, day: string) => ({
      title: 'Vaccination tomorrow',
      message: `${vaccine} for ${flock} is due tomorrow, ${day}.`,
    }),
    vaccinationOverdue: (vaccine: string, flock: string, day: string) => ({
      title: 'Vaccination overdue',
      message: `${vaccine} for ${flock} was due on ${day}. Record it once it is done.`,
    }),
    lowStock: (item: string, warning: string) => ({ title: `Low stock: ${item}`, message: warning }),
    budgetExceeded: (text: string) => ({ title: 'Budget exceeded', message: text }),
    trialEnding: (day: string) => ({
      title: 'Your free trial ends soon',
      message: `Your free trial ends on ${day}. Pay for a month to keep using Kuku.`,
    }),
    trialEnded: (day: string) => ({
      title: 'Your free trial has ended',
      message: `Your free trial ended on ${day}. Pay for a month to keep your records coming.`,
    }),
    subscriptionEnding: (day: string) => ({
      title: 'Your subscription ends soon',
      message: `Your paid month ends on ${day}. Renew it to keep using Kuku.`,
    }),
    subscriptionEnded: (day: string) => ({
      title: 'Your subscription has ended',
      message: `Your paid month ended on ${day}. Renew it to keep using Kuku.`,
    }),
    paymentReceived: (amountCents: Cents, paidUntilDay: string, receipt: string | null) => ({
      title: 'Payment received',
      message: `${formatKesPrice(amountCents)} received${receipt ? ` (receipt ${receipt})` : ''}. Paid until ${paidUntilDay}.`,
    }),
    paymentNotCompleted: (amountCents: Cents, reason: string) => ({
      title: 'Payment not completed',
      message: `Your payment of ${formatKesPrice(amountCents)} did not go through. ${reason}`,
    }),
    reportReady: (name: string) => ({ title: 'Report ready', message: `${name} is ready to download.` }),
    /** An invitee chose their password and joined (decision 076): told to the owners. */
    invitationAccepted: (name: string, farm: string) => ({ title: 'Invitation accepted', message: `${name} has joined ${farm}.` }),
    /** A laying flock's last full week under its breed guide (decision 073): hen-day %, '68' against '88'. */
    belowGuideLayers: (flock: string, laid: string, guide: string, week: number) => ({
      title: `${flock} is laying below its guide`,
      message: `${flock} laid ${laid}% last week, guide ${guide}% (week ${week} of age).`,
    }),
    /** A broiler batch weighed under its guide's weight last week: kg, '1.6' against '2.19' at day 35. */
    belowGuideBroilers: (flock: string, weight: string, guide: string, day: number) => ({
      title: `${flock} is growing below its guide`,
      message: `${flock} weighed ${weight} kg on average last week, guide ${guide} kg at ${day} days of age.`,
    }),
  },
  { sw: () => import('./sw/notification-texts.js') as Promise<Catalogues> },
);

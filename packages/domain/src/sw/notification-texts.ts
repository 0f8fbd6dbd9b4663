/** Kiswahili of notification-texts.ts (decision 068): each notification Kuku sends. */
import type { Catalogue } from '../common/words.js';
import { kesPrice, type NotificationWords, type Texts } from './notifications-shared.js';

export const notificationTexts = {
  vaccinationDue: (vaccine, flock, day) => ({
    title: 'Chanjo inatarajiwa (due)',
    message: `${vaccine} kwa ${flock} inatarajiwa tarehe ${day}.`,
  }),
  vaccinationTomorrow: (vaccine, flock, day) => ({
    title: 'Chanjo kesho',
    message: `${vaccine} kwa ${flock} inatarajiwa kesho, tarehe ${day}.`,
  }),
  vaccinationOverdue: (vaccine, flock, day) => ({
    title: 'Chanjo imechelewa',
    message: `${vaccine} kwa ${flock} ilitakiwa tarehe ${day}. Irekodi ikishafanyika.`,
  }),
  lowStock: (item, warning) => ({ title: `Akiba imepungua: ${item}`, message: warning }),
  budgetExceeded: (text) => ({ title: 'Bajeti imezidi', message: text }),
  trialEnding: (day) => ({
    title: 'Majaribio yako ya bure yanaisha karibuni',
    message: `Majaribio yako ya bure yanaisha tarehe ${day}. Lipia mwezi mmoja ili uendelee kutumia Kuku.`,
  }),
  trialEnded: (day) => ({
    title: 'Majaribio yako ya bure yameisha',
    message: `Majaribio yako ya bure yaliisha tarehe ${day}. Lipia mwezi mmoja ili rekodi zako ziendelee kuingia.`,
  }),
  subscriptionEnding: (day) => ({
    title: 'Usajili wako unaisha karibuni',
    message: `Mwezi wako uliolipiwa unaisha tarehe ${day}. Uhuishe ili uendelee kutumia Kuku.`,
  }),
  subscriptionEnded: (day) => ({
    title: 'Usajili wako umeisha',
    message: `Mwezi wako uliolipiwa uliisha tarehe ${day}. Uhuishe ili uendelee kutumia Kuku.`,
  }),
  paymentReceived: (amountCents, paidUntilDay, receipt) => ({
    title: 'Malipo yamepokelewa',
    message: `${kesPrice(amountCents)} zimepokelewa${receipt ? ` (risiti ${receipt})` : ''}. Umelipia hadi ${paidUntilDay}.`,
  }),
  paymentNotCompleted: (amountCents, reason) => ({
    title: 'Malipo hayajakamilika',
    message: `Malipo yako ya ${kesPrice(amountCents)} hayakufanikiwa. ${reason}`,
  }),
  reportReady: (name) => ({ title: 'Ripoti iko tayari', message: `${name} iko tayari kupakuliwa.` }),
  invitationAccepted: (name, farm) => ({ title: 'Mwaliko umekubaliwa', message: `${name} amejiunga na ${farm}.` }),
  belowGuideLayers: (flock, laid, guide, week) => ({
    title: `${flock} wanataga chini ya mwongozo`,
    message: `${flock} walitaga ${laid}% wiki iliyopita, mwongozo ${guide}% (wiki ${week} ya umri).`,
  }),
  belowGuideBroilers: (flock, weight, guide, day) => ({
    title: `${flock} wanakua chini ya mwongozo`,
    message: `${flock} walikuwa na uzito wa wastani wa kilo ${weight} wiki iliyopita, mwongozo kilo ${guide} katika umri wa siku ${day}.`,
  }),
} satisfies NotificationWords & Catalogue<Texts>;

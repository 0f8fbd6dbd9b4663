/** Kiswahili: the notifications' words (notifications-rules.ts, notifications-refusals.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { notificationRefusals as refusals } from '../notifications-refusals.js';
import type { notificationMessages, notificationTexts as texts } from '../notifications-rules.js';

// A catalogue holds data only (no value import): money is written as common/money.ts
// formatKesPrice writes it (en-KE; whole shillings without decimals).
const kesPrice = (cents: number): string => {
  const whole = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  const decimals = cents % 100 === 0 ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {};
  return new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', ...decimals }).format(text as Intl.StringNumericLiteral);
};

export const notifications = {
  title: 'Arifa',
  empty: 'Hakuna arifa mpya',
  markAllRead: 'Weka zote kama zimesomwa',
  close: 'Funga',
  dismiss: (title) => `Ondoa ${title}`,
  bell: 'Arifa',
  bellUnread: (count) => (count === 1 ? 'Arifa, 1 haijasomwa' : `Arifa, ${count} hazijasomwa`),
  socketError: 'Hitilafu ya WebSocket imetokea.',
} satisfies Catalogue<typeof notificationMessages>;

type Texts = typeof texts;
/** Each notification's words, a title and a message, from the same figures as the English. */
type NotificationWords = { readonly [Key in keyof Texts]: (...args: Parameters<Texts[Key]>) => { title: string; message: string } };

export const notificationTexts = {
  vaccinationDue: (vaccine, flock, day) => ({
    title: 'Chanjo inatarajiwa (due)',
    message: `${vaccine} kwa ${flock} inatarajiwa tarehe ${day}.`,
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
} satisfies NotificationWords & Catalogue<Texts>;

export const notificationRefusals = {
  notFound: 'Arifa haikupatikana.',
  unauthorizedSocket: 'Ingia ili upokee taarifa za papo hapo.',
  expiredSocket: 'Muda wa kuingia umeisha, tafadhali ingia tena',
  notASocket: 'Anwani hii ni soketi ya taarifa za papo hapo: iunganishe kwa WebSocket.',
  unexpectedMessage: 'Muunganisho huu hutuma taarifa tu; haupokei ujumbe.',
  tooManySockets: 'Madirisha 10 tu yanaweza kupokea taarifa za papo hapo kwa wakati mmoja; funga moja ili dirisha hili lipate taarifa.',
  pushEndpointInvalid: 'Anwani ya usajili wa arifa lazima iwe anwani ya https ya huduma ya arifa inayojulikana.',
  push: {
    notObject: 'Usajili wa arifa lazima uwe JSON inayotolewa na kivinjari (endpoint na keys).',
    endpoint: 'Anwani ya arifa lazima iwe anwani ya https://.',
    endpointTooLong: 'Anwani ya arifa isizidi herufi 2048.',
    expirationTime: 'expirationTime lazima iwe namba au null.',
    keys: 'Usajili wa arifa hauna keys (p256dh na auth).',
    p256dh: 'keys.p256dh lazima iwe ufunguo wa umma wa P-256 wa kivinjari (baiti 65, base64url).',
    auth: 'keys.auth lazima iwe siri ya auth ya kivinjari ya baiti 16 (base64url).',
  },
  pushUnavailable: 'Arifa kwenye simu hii hazipatikani kwenye seva hii.',
  tooManySubscriptions: 'Vivinjari 10 tu vinaweza kupokea arifa; ondoa kimoja kwanza.',
} satisfies Catalogue<typeof refusals>;

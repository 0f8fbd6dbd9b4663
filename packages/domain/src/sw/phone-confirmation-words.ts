/** Kiswahili of phone-confirmation-words.ts (decision 068). */
import type { Catalogue } from '../common/words.js';
import type { phoneConfirmationWords } from '../phone-confirmation-words.js';

export const phoneConfirmation = {
  noPhone: 'Kwanza weka namba yako ya simu ya mkononi kwenye wasifu wako.',
  codeSent: 'Tumekutumia msimbo kwa SMS kwenye simu yako. Uweke hapa chini.',
  confirmed: 'Namba yako ya simu imethibitishwa.',
  smsFailed: 'Imeshindikana kutuma SMS. Tafadhali jaribu tena baada ya dakika moja.',
  smsText: (code: string, minutes: number) => `Kuku: msimbo wako ni ${code}. Unadumu dakika ${minutes}. Usimpe mtu yeyote.`,
  title: 'Simu ya SMS',
  confirmedBadge: 'Imethibitishwa',
  notConfirmed: 'Haijathibitishwa',
  sendCode: 'Tuma msimbo kwa SMS',
  sendAgain: 'Tuma msimbo mpya',
  codeLabel: 'Msimbo kutoka kwenye SMS',
  confirm: 'Thibitisha simu',
  noPhoneHint: 'Weka namba ya simu ya mkononi kwenye taarifa zako, kisha uithibitishe hapa ili upate taarifa kwa SMS.',
  failedToSend: 'Imeshindikana kutuma msimbo',
  failedToConfirm: 'Imeshindikana kuthibitisha simu',
} satisfies Catalogue<typeof phoneConfirmationWords>;

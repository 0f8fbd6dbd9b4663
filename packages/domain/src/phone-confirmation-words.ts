/**
 * Confirming the profile's phone by a code sent by SMS (decision 076): what the server answers, the
 * text it sends and the profile's words for it. Apart from profile-rules.ts: only the notices
 * section, loaded after the profile's first screen, shows them.
 */
import { words, type Catalogues } from './common/words.js';

export const phoneConfirmationWords = words(
  'phoneConfirmation',
  {
    noPhone: 'Add your mobile number to your profile first.',
    codeSent: 'We have sent a code by SMS to your phone. Enter it below.',
    confirmed: 'Your phone number is confirmed.',
    smsFailed: 'The SMS could not be sent. Please try again in a minute.',
    /** The SMS itself: plain GSM-7, one part in either language. */
    smsText: (code: string, minutes: number) => `Kuku: your code is ${code}. It lasts ${minutes} minutes. Do not share it.`,
    title: 'Phone for SMS',
    confirmedBadge: 'Confirmed',
    notConfirmed: 'Not confirmed',
    sendCode: 'Send code by SMS',
    sendAgain: 'Send a new code',
    codeLabel: 'Code from the SMS',
    confirm: 'Confirm phone',
    noPhoneHint: 'Add a mobile number in your details, then confirm it here to get notices by SMS.',
    failedToSend: 'Could not send the code',
    failedToConfirm: 'Could not confirm the phone',
  },
  { sw: () => import('./sw/phone-confirmation-words.js') as Promise<Catalogues> },
);

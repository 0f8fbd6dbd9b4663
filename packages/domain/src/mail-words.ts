/**
 * The words of the mails Kuku sends (a sign-up's, a password's and an email change's codes, an
 * invitation), written in each recipient's language (decision 068): the server renders them with
 * `wordsIn`. A sentence with a name, an address or a figure in it is a whole sentence per language.
 */
import { words, type Catalogues } from './common/words.js';

export const mailWords = words(
  'mail',
  {
    hello: (name: string) => `Hello ${name},`,
    yourCode: (code: string) => `Your code: ${code}`,
    codeExpires: (minutes: number) => `It expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
    signature: 'Kuku — poultry farm manager',
    verificationSubject: 'Your Kuku verification code',
    verificationIntro: 'Enter this code to verify your email and finish creating your Kuku account.',
    resetSubject: 'Your Kuku password reset code',
    resetIntro: 'Enter this code to choose a new password for your Kuku account.',
    emailChangeSubject: 'Your Kuku email change code',
    emailChangeIntro: 'Enter this code on My Profile to make this the email of your Kuku account.',
    emailChangedSubject: 'Your Kuku email was changed',
    emailChanged: (email: string, when: string) =>
      `The email of your Kuku account was changed to ${email} on ${when}, and every other device was signed out.`,
    emailChangedByYou: 'If this was you, there is nothing to do.',
    emailChangedNotByYou:
      'If it was not you, reply to this email at once: someone who knew your password, or held your phone signed in, has changed it, and we will help you get your account back. Do not share any code we send you.',
    invitationSubject: (farm: string) => `You're invited to ${farm} on Kuku`,
    invitationIntro: (invitedBy: string, farm: string, role: string) => `${invitedBy} has added you to ${farm} on Kuku as ${role}.`,
    /** The link and the username come in as they are to be shown (in the HTML mail, a link and bold). */
    invitationStep: (link: string, username: string) => `Open ${link}, enter the code below and choose your password. Your username is ${username}.`,
    invitationExpires: (days: number) => `It expires in ${days} days. If you did not expect it, you can ignore this email.`,
  },
  { sw: () => import('./sw/mail-words.js') as Promise<Catalogues> },
);

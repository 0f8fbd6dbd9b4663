/**
 * Kiswahili of auth-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: sign-in, registration, the code sent by mail and the password fields (auth-rules.ts, auth-screen-words.ts, password-words.ts). */
import type { authMessages } from '../auth-rules.js';
import type { Catalogue } from '../common/words.js';

export const auth = {
  passwordsDoNotMatch: 'Manenosiri hayalingani',
  missingEmailForVerify: 'Barua pepe ya kuthibitisha msimbo haipo.',
  missingEmailForResend: 'Barua pepe ya kutuma msimbo tena haipo.',
  missingEmailForReset: 'Barua pepe ya kubadilisha nenosiri haipo.',
  noEmailToResend: 'Hakuna barua pepe ya kutuma msimbo tena.',
  otpVerificationFailed: 'Imeshindikana kuthibitisha msimbo.',
  authenticationFailed: 'Imeshindikana kuingia. Tafadhali jaribu tena.',
  mustBeLoggedIn: 'Lazima uingie ili kufungua ukurasa huu.',
  registered: 'Akaunti imefunguliwa. Tumetuma msimbo wa tarakimu 6 kwenye barua pepe yako.',
  verified: 'Barua pepe imethibitishwa. Sasa unaweza kuingia.',
  verifiedSignedIn: 'Barua pepe imethibitishwa. Karibu Kuku!',
  otpSent: 'Msimbo mpya wa tarakimu 6 umetumwa kwenye barua pepe yako.',
  invalidCredentials: 'Barua pepe, jina la mtumiaji au nenosiri si sahihi.',
  unverified: 'Tafadhali thibitisha barua pepe yako. Tumetuma msimbo mpya wa tarakimu 6 kwenye barua pepe hiyo.',
  invalidOtp: 'Msimbo si sahihi au muda wake umekwisha. Tafadhali angalia msimbo au uombe mpya.',
  otpTriesUsed: 'Umekosea msimbo mara nyingi mno. Tafadhali omba msimbo mpya.',
  forgotPasswordSent: 'Ikiwa kuna akaunti yenye barua pepe hiyo, tumetuma msimbo wa tarakimu 6 kwenye barua pepe hiyo.',
  passwordReset: 'Nenosiri lako limebadilishwa. Sasa unaweza kuingia.',
  usernameTaken: 'Jina hilo la mtumiaji tayari linatumika.',
  emailTaken: 'Tayari kuna akaunti yenye barua pepe hiyo.',
  tooManyAttempts: 'Majaribio mengi mno. Tafadhali subiri dakika chache kisha ujaribu tena.',
  loggedOut: 'Umetoka.',
  resendWait: (seconds) => `Tafadhali subiri sekunde ${seconds} kabla ya kuomba msimbo mpya.`,
  continueWith: (provider) => `Endelea na ${provider}`,
  usernameRequired: 'Jina la mtumiaji linahitajika.',
  usernameTooShort: 'Jina la mtumiaji liwe na angalau herufi 3.',
  usernameTooLong: 'Jina la mtumiaji lisizidi herufi 30.',
  usernameLetters: 'Jina la mtumiaji liwe na herufi, tarakimu na _ tu.',
  emailRequired: 'Barua pepe inahitajika.',
  emailTooLong: 'Barua pepe ni ndefu mno.',
  emailInvalid: 'Weka barua pepe sahihi.',
  passwordRequired: 'Nenosiri linahitajika.',
  passwordTooShort: 'Nenosiri liwe na angalau herufi 8.',
  passwordTooLong: 'Nenosiri lisizidi herufi 128.',
  enterCode: 'Weka msimbo wa tarakimu 6.',
  enterIdentifier: 'Weka barua pepe au jina lako la mtumiaji.',
  enterPassword: 'Weka nenosiri lako.',
} satisfies Catalogue<typeof authMessages>;

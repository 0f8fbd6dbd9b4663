/**
 * Kiswahili of auth-screen-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: sign-in, registration, the code sent by mail and the password fields (auth-rules.ts, auth-screen-words.ts, password-words.ts). */
import type { authScreenWords } from '../auth-screen-words.js';
import type { Catalogue } from '../common/words.js';

export const authScreens = {
  home: 'Kuku: ukurasa wa mwanzo',
  tagline: 'Usimamizi wa shamba la kuku kwa wafugaji wa Kenya',
  loginTitle: 'Karibu tena',
  loginIntro: 'Ingia ili usimamie shamba lako.',
  registerTitle: 'Fungua akaunti yako',
  registerIntro: 'Anza majaribio yako ya bure ya siku 30. Hakuna malipo yanayohitajika.',
  verifyTitle: 'Thibitisha barua pepe yako',
  verifyIntro: 'Hatua moja ya mwisho kabla ya kuingia.',
  identifier: 'Barua pepe au jina la mtumiaji',
  forgot: 'Umesahau nenosiri?',
  login: 'Ingia',
  or: 'au',
  newToKuku: 'Mara yako ya kwanza kwenye Kuku?',
  createAccount: 'Fungua akaunti',
  username: 'Jina la mtumiaji',
  usernameHint: 'Herufi, tarakimu na _',
  email: 'Barua pepe',
  register: 'Jisajili',
  haveAccount: 'Tayari una akaunti?',
  registerFailed: 'Imeshindikana kujisajili. Tafadhali jaribu tena.',
  otp: 'Msimbo (OTP)',
  otpDigit: (digit, of) => `Tarakimu ${digit} kati ya ${of} za msimbo`,
  codeSentTo: 'Weka msimbo wa tarakimu 6 tuliotuma kwa {email}.',
  verify: 'Thibitisha',
  resend: 'Tuma msimbo tena',
  resendIn: (seconds) => `Tuma msimbo tena baada ya sekunde ${seconds}`,
  resendFailed: 'Imeshindikana kutuma msimbo mpya. Tafadhali jaribu tena.',
  cancel: 'Ghairi',
  back: 'Rudi',
  forgotTitle: 'Umesahau nenosiri',
  forgotIntro: 'Weka barua pepe ya akaunti yako, nasi tutakutumia msimbo wa tarakimu 6 wa kuweka nenosiri jipya.',
  sendCode: 'Tuma msimbo',
  sendFailed: 'Imeshindikana kutuma msimbo. Tafadhali jaribu tena.',
  resetTitle: 'Weka nenosiri jipya',
  resetIntro: (email) => `Weka msimbo uliotumwa kwa ${email} kisha uchague nenosiri jipya.`,
  reset: 'Weka nenosiri jipya',
  resetFailed: 'Imeshindikana kuweka nenosiri jipya. Tafadhali jaribu tena.',
  completing: 'Inakamilisha kuingia...',
} satisfies Catalogue<typeof authScreenWords>;

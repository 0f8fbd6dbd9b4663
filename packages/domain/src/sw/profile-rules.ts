/**
 * Kiswahili of profile-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the profile screen and the profile picture (profile-rules.ts, profile-picture-rules.ts). */
import type { Catalogue } from '../common/words.js';
import type { profileMessages } from '../profile-rules.js';

export const profile = {
  newPasswordsDoNotMatch: 'Manenosiri mapya hayalingani',
  failedToFetchUser: 'Imeshindikana kupata taarifa zako',
  failedToUpdate: 'Imeshindikana kusasisha wasifu',
  failedToChangePassword: 'Imeshindikana kubadilisha nenosiri',
  failedToUpdatePicture: 'Imeshindikana kusasisha picha ya wasifu',
  changePicture: 'Badilisha picha',
  updated: 'Wasifu umesasishwa.',
  passwordChanged: 'Nenosiri limebadilishwa.',
  wrongCurrentPassword: 'Nenosiri la sasa si sahihi.',
  samePassword: 'Nenosiri jipya lisifanane na la sasa.',
  invalidPhone: 'Weka namba sahihi ya simu, mfano 0712 345 678.',
  nothingToUpdate: 'Hakuna cha kusasisha.',
  currentPasswordForEmail: 'Nenosiri la sasa',
  currentPasswordForEmailHint: 'Linahitajika ili kubadilisha barua pepe yako.',
  enterCurrentPassword: 'Weka nenosiri lako la sasa.',
  googleEmailNote:
    'Akaunti yako haina nenosiri: ili kubadilisha barua pepe yake, lazima uwe umeingia kwa Google ndani ya dakika 10 zilizopita. Ikiwa ni zamani zaidi, toka kwanza kisha uendelee na Google tena.',
  signInAgainForEmail: 'Tafadhali ingia kwa Google tena kwanza: toka, endelea na Google, kisha ubadilishe barua pepe yako ndani ya dakika 10.',
  codeFieldLabel: 'Msimbo uliotumwa kwa barua pepe mpya',
  confirmEmail: 'Thibitisha',
  emailChanged: 'Barua pepe yako imebadilishwa.',
  failedToConfirmEmail: 'Imeshindikana kubadilisha barua pepe',
  emailCodeSent: (email) =>
    `Taarifa zako zimehifadhiwa. Tumetuma msimbo wa tarakimu 6 kwa ${email}: uweke hapa chini ili kubadilisha barua pepe yako. Barua pepe yako haibadiliki hadi hapo.`,
  failedWith: (message) => `Imeshindikana kusasisha wasifu: ${message}`,
  title: 'Wasifu wangu',
  subtitle: 'Taarifa za akaunti yako na nenosiri.',
  details: 'Taarifa za wasifu',
  username: 'Jina la mtumiaji',
  email: 'Barua pepe',
  phone: 'Namba ya simu',
  phoneHint: 'Inatumika kwa malipo ya M-Pesa',
  save: 'Hifadhi mabadiliko',
  plan: { trial: 'Majaribio ya bure', paid: 'Umelipia', unpaid: 'Malipo yanadaiwa' },
  noPhone: 'Bado hakuna namba ya simu',
  memberSince: (date) => `Mwanachama tangu ${date}`,
  pictureOf: (username) => `Picha ya wasifu ya ${username}`,
  logout: 'Toka',
} satisfies Catalogue<typeof profileMessages>;

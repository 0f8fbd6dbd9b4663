/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { languageMessages } from '../common/language-schema.js';
import type { footerWords } from '../footer-words.js';
import type { headerWords } from '../header-words.js';
import type { listWords } from '../list-words.js';
import type { recordAuthorMessages, renewalMessages, shellWords } from '../shell-words.js';

export const renewal = {
  renewalBanner: 'Usajili wako unaisha tarehe {date}. Uhuishe sasa ili uendelee kutumia Kuku bila kukatizwa.',
  renewNow: 'Uhuishe sasa',
} satisfies Catalogue<typeof renewalMessages>;

export const recordAuthors = {
  createdBy: 'Imeongezwa na',
  updatedBy: 'Imebadilishwa mwisho na',
  formerMember: 'Aliyekuwa mwanachama',
} satisfies Catalogue<typeof recordAuthorMessages>;

export const shell = {
  appTitle: 'Kuku — Usimamizi wa shamba la kuku',
  authenticating: 'Inathibitisha...',
  loading: 'Inapakia...',
  loadingPage: 'Inapakia ukurasa',
  pageNotFound: 'Ukurasa haukupatikana',
  pageNotFoundText: 'Ukurasa huu umeruka nje ya banda. Angalia anwani, au rudi kwenye dashibodi ya shamba lako.',
  backToDashboard: 'Rudi kwenye dashibodi',
  needsConnection: 'Ukurasa huu unahitaji mtandao',
  needsConnectionText: 'Utafunguka mtandao ukirudi.',
  unreachable: 'Imeshindikana kufikia Kuku',
  unreachableText: 'Angalia mtandao wako kisha ujaribu tena.',
  somethingWrong: 'Kuna hitilafu',
  somethingWrongText: 'Tafadhali jaribu tena. Ikiendelea kutokea, wasiliana na msaada.',
  tryAgain: 'Jaribu tena',
  goToDashboard: 'Nenda kwenye dashibodi',
  serverUnreachable: 'Imeshindikana kufikia seva. Angalia mtandao wako kisha ujaribu tena.',
  unexpectedAnswer: 'Seva imetuma jibu lisilotarajiwa. Tafadhali jaribu tena.',
  closeDialog: 'Funga dirisha',
  closeNotification: 'Funga taarifa',
} satisfies Catalogue<typeof shellWords>;

export const header = {
  loadingData: 'Inapakia taarifa za kuku...',
  loadingProgress: 'Maendeleo ya kupakia',
  toggleNavigation: 'Fungua au funga menyu',
  closeNavigation: 'Funga menyu',
  mainNavigation: 'Menyu kuu',
  breadcrumb: 'Ulipo',
  home: 'Mwanzo',
  toggleColorScheme: 'Badilisha mwanga au giza',
  myProfile: 'Wasifu wangu',
  defaultUsername: 'Mtumiaji',
  language: 'Lugha',
  languageNames: { en: 'English', sw: 'Kiswahili' },
} satisfies Catalogue<typeof headerWords>;

export const footer = {
  about: 'Usimamizi wa shamba la kuku kwa wafugaji wa Kenya: makundi, mayai, mauzo na fedha mahali pamoja.',
  quickLinks: 'Viungo vya haraka',
  contact: 'Mawasiliano',
  support: 'Msaada:',
  place: 'Nairobi, Kenya',
  sendMessage: 'Tutumie ujumbe',
  followUs: 'Tufuate',
  copyright: (year) => `© ${year} Kuku. Haki zote zimehifadhiwa.`,
  offline: 'Huna mtandao! Huduma nyingine huenda zisipatikane.',
  online: 'Mtandao umerudi! Kila kitu kinafanya kazi tena.',
  dismiss: 'Ondoa',
} satisfies Catalogue<typeof footerWords>;

export const list = {
  firstPage: 'Ukurasa wa kwanza',
  previousPage: 'Ukurasa uliotangulia',
  nextPage: 'Ukurasa unaofuata',
  lastPage: 'Ukurasa wa mwisho',
  sortBy: 'Panga kwa',
  sortAscending: (column) => `${column}, kuanzia ndogo`,
  sortDescending: (column) => `${column}, kuanzia kubwa`,
} satisfies Catalogue<typeof listWords>;

export const language = {
  unknown: 'Chagua English au Kiswahili.',
  changed: 'Lugha imebadilishwa.',
} satisfies Catalogue<typeof languageMessages>;

/**
 * Kiswahili of shell-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
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
  togglePassword: 'Onyesha au ficha nenosiri',
} satisfies Catalogue<typeof shellWords>;

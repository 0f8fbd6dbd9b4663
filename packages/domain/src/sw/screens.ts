/**
 * Kiswahili of common/screens.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: each screen's title (common/screens.ts), for the navigation, the breadcrumb and the tab. */
import type { screenTitles } from '../common/screens.js';
import type { Catalogue } from '../common/words.js';

export const screens = {
  dashboard: 'Dashibodi',
  auth: 'Ingia',
  socialCallback: 'Inaingia',
  forgotPassword: 'Umesahau nenosiri',
  flocks: 'Usimamizi wa makundi',
  eggs: 'Uzalishaji wa mayai',
  eggDay: 'Rekodi mayai ya leo',
  sales: 'Mauzo',
  debtors: 'Wanaodaiwa',
  expenses: 'Matumizi',
  reports: 'Ripoti',
  userRegistration: 'Watumiaji wa shamba',
  inventory: 'Orodha ya bidhaa',
  stockCount: 'Hesabu ya stoo',
  profile: 'Wasifu wangu',
  vaccinations: 'Chanjo',
  finances: 'Fedha',
  summaries: 'Muhtasari wa wiki',
  billing: 'Malipo ya usajili',
  onboarding: 'Kuanza',
  contact: 'Wasiliana nasi',
  paymentCallback: 'Hali ya malipo',
} satisfies Catalogue<typeof screenTitles>;

/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { recordAuthorMessages, renewalMessages } from '../shell-words.js';

export const renewal = {
  renewalBanner: 'Usajili wako unaisha tarehe {date}. Uhuishe sasa ili uendelee kutumia Kuku bila kukatizwa.',
  renewNow: 'Uhuishe sasa',
} satisfies Catalogue<typeof renewalMessages>;

export const recordAuthors = {
  createdBy: 'Imeongezwa na',
  updatedBy: 'Imebadilishwa mwisho na',
  formerMember: 'Aliyekuwa mwanachama',
} satisfies Catalogue<typeof recordAuthorMessages>;

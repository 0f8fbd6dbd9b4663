/**
 * Kiswahili of support-chat-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the contact form and the support chat (contact-rules.ts, support-chat-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { supportChatMessages } from '../support-chat-words.js';

export const supportChat = {
  chatOpen: 'Ongea na huduma kwa wateja',
  chatClose: 'Funga mazungumzo na huduma kwa wateja',
  chatTitle: 'Huduma kwa wateja ya Kuku',
  // A duration, not a time of day: 'muda wa saa 1' cannot be read as seven o'clock.
  chatReplies: 'Kwa kawaida tunajibu ndani ya muda wa saa 1.',
  chatWhatsApp: 'Ongea kwenye WhatsApp',
  chatCall: 'Piga simu {phone}',
  chatWrite: 'Tuandikie',
} satisfies Catalogue<typeof supportChatMessages>;

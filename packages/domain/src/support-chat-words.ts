import { words, type Catalogues } from './common/words.js';

// Its own module: the shell draws the chat's button on every signed-in screen, and a module
// shared by the shell and a screen goes whole into each (decision 040).
/** The floating support chat (docs/product.md §2 shell): on every signed-in screen, so apart from the form's words. */
export const supportChatMessages = words(
  'supportChat',
  {
    chatOpen: 'Chat with support',
    chatClose: 'Close support chat',
    chatTitle: 'Kuku support',
    chatReplies: 'Support typically replies within 1 hour.',
    chatWhatsApp: 'Chat on WhatsApp',
    chatCall: 'Call {phone}',
    chatWrite: 'Write to us',
  },
  { sw: () => import('./sw/support-chat-words.js') as Promise<Catalogues> },
);

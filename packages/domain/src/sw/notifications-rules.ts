/**
 * Kiswahili of notifications-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the notifications' words (notifications-rules.ts, notifications-refusals.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { notificationMessages } from '../notifications-rules.js';

export const notifications = {
  title: 'Arifa',
  empty: 'Hakuna arifa mpya',
  markAllRead: 'Weka zote kama zimesomwa',
  close: 'Funga',
  dismiss: (title) => `Ondoa ${title}`,
  bell: 'Arifa',
  bellUnread: (count) => (count === 1 ? 'Arifa, 1 haijasomwa' : `Arifa, ${count} hazijasomwa`),
  socketError: 'Hitilafu ya WebSocket imetokea.',
} satisfies Catalogue<typeof notificationMessages>;



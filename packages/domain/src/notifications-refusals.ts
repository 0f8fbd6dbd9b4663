// What the server answers a socket or a push subscription it refuses (kept apart from the
// screen words in notifications-rules.ts, so the header does not carry them to every phone).

import { words, type Catalogues } from './common/words.js';
import { PUSH_ENDPOINT_MAX, PUSH_SUBSCRIPTIONS_PER_USER, SOCKETS_PER_SESSION } from './notifications-rules.js';

export const notificationRefusals = words(
  'notificationRefusals',
  {
    notFound: 'Notification not found.',
    unauthorizedSocket: 'Log in to receive live updates.',
    expiredSocket: 'Token expired, please log in again',
    notASocket: 'This address is the live-updates socket: connect to it with a WebSocket.',
    unexpectedMessage: 'This connection only sends updates; it does not take messages.',
    tooManySockets: `At most ${SOCKETS_PER_SESSION} windows can receive live updates at once; close one to update this one.`,
    pushEndpointInvalid: 'The push subscription endpoint must be an https address of a known push service.',
    /** A browser's push subscription as posted (docs/product.md §3, docs/integrations.md §4). */
    push: {
      notObject: 'The push subscription must be the JSON the browser gives (endpoint and keys).',
      endpoint: 'The push endpoint must be an https:// address.',
      endpointTooLong: `The push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters.`,
      expirationTime: 'expirationTime must be a number or null.',
      keys: 'The push subscription has no keys (p256dh and auth).',
      p256dh: 'keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url).',
      auth: 'keys.auth must be the browser’s 16-byte auth secret (base64url).',
    },
    pushUnavailable: 'Alerts on this phone are not available on this server.',
    tooManySubscriptions: `At most ${PUSH_SUBSCRIPTIONS_PER_USER} browsers can receive alerts; remove one first.`,
  },
  { sw: () => import('./sw/notifications-refusals.js') as Promise<Catalogues> },
);

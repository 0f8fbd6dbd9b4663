/**
 * Kiswahili of notifications-refusals.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the notifications' words (notifications-rules.ts, notifications-refusals.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { notificationRefusals as refusals } from '../notifications-refusals.js';

export const notificationRefusals = {
  notFound: 'Arifa haikupatikana.',
  unauthorizedSocket: 'Ingia ili upokee taarifa za papo hapo.',
  expiredSocket: 'Muda wa kuingia umeisha, tafadhali ingia tena',
  notASocket: 'Anwani hii ni soketi ya taarifa za papo hapo: iunganishe kwa WebSocket.',
  unexpectedMessage: 'Muunganisho huu hutuma taarifa tu; haupokei ujumbe.',
  tooManySockets: 'Madirisha 10 tu yanaweza kupokea taarifa za papo hapo kwa wakati mmoja; funga moja ili dirisha hili lipate taarifa.',
  pushEndpointInvalid: 'Anwani ya usajili wa arifa lazima iwe anwani ya https ya huduma ya arifa inayojulikana.',
  push: {
    notObject: 'Usajili wa arifa lazima uwe JSON inayotolewa na kivinjari (endpoint na keys).',
    endpoint: 'Anwani ya arifa lazima iwe anwani ya https://.',
    endpointTooLong: 'Anwani ya arifa isizidi herufi 2048.',
    expirationTime: 'expirationTime lazima iwe namba au null.',
    keys: 'Usajili wa arifa hauna keys (p256dh na auth).',
    p256dh: 'keys.p256dh lazima iwe ufunguo wa umma wa P-256 wa kivinjari (baiti 65, base64url).',
    auth: 'keys.auth lazima iwe siri ya auth ya kivinjari ya baiti 16 (base64url).',
  },
  pushUnavailable: 'Arifa kwenye simu hii hazipatikani kwenye seva hii.',
  tooManySubscriptions: 'Vivinjari 10 tu vinaweza kupokea arifa; ondoa kimoja kwanza.',
} satisfies Catalogue<typeof refusals>;

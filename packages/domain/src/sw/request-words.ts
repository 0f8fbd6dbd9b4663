/**
 * Kiswahili of common/request-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: what the server answers a request it cannot take (common/request-words.ts). */
import type { requestWords } from '../common/request-words.js';
import type { Catalogue } from '../common/words.js';

export const request = {
  addressTooLong: 'Anwani ni ndefu mno.',
  addressNotValid: 'Anwani si sahihi.',
  bodyNotObject: 'Data ya ombi lazima iwe kitu cha JSON.',
  invalidInput: 'Data si sahihi.',
  invalidValue: 'Thamani si sahihi.',
  tooLarge: 'Ombi ni kubwa mno.',
  sendJson: 'Tuma data ya ombi kama JSON.',
  notValidJson: 'Data ya ombi si JSON sahihi.',
  emptyBody: "Data ya ombi haiwezi kuwa tupu ikiwa content-type ni 'application/json'",
  notFound: 'Haikupatikana.',
  logIn: 'Tafadhali ingia.',
  sessionEnded: 'Muda wako wa kuingia umeisha. Tafadhali ingia tena.',
  ourSide: (reference) => `Kuna hitilafu upande wetu. Kumbukumbu: ${reference}`,
  noSuchPath: (method, path) => `Anwani hii haipo: ${method} ${path}`,
} satisfies Catalogue<typeof requestWords>;

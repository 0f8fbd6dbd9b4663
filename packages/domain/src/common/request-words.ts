import { words, type Catalogues } from './words.js';

/**
 * What the server answers a request it cannot take, before any feature's rules are read (decision
 * 068): an address it cannot route, a body that is not JSON or too large, an unknown path, an
 * error of ours. The server's error handler (plugins/errors.ts) and its not-found answer say them
 * in the request's language.
 *
 * `notFound`, `logIn` and `sessionEnded` are the texts the server's `notFound()` and
 * `unauthenticated()` give without a message of their own, and its auth plugin's: the error
 * handler finds them by their English text, so they must stay byte for byte the same there.
 */
export const requestWords = words(
  'request',
  {
    addressTooLong: 'The address is too long.',
    addressNotValid: 'The address is not valid.',
    bodyNotObject: 'The request body must be a JSON object.',
    invalidInput: 'Invalid input.',
    invalidValue: 'Invalid value.',
    tooLarge: 'The request is too large.',
    sendJson: 'Send the request body as JSON.',
    notValidJson: 'The request body is not valid JSON.',
    /** Fastify's own sentence, kept as it was (a JSON content type with nothing after it). */
    emptyBody: "Body cannot be empty when content-type is set to 'application/json'",
    notFound: 'Not found.',
    logIn: 'Please log in.',
    sessionEnded: 'Your session has ended. Please log in again.',
    /** A 500: only the request's id, which the logs are searched by. */
    ourSide: (reference: string) => `Something went wrong on our side. Reference: ${reference}`,
    /** A path no route takes (the not-found answer), or a development convenience asked for from afar. */
    noSuchPath: (method: string, path: string) => `No such path: ${method} ${path}`,
  },
  { sw: () => import('../sw/request-words.js') as Promise<Catalogues> },
);

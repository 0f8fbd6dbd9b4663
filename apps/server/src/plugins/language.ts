import { AsyncLocalStorage } from 'node:async_hooks';
import { chooseLanguage, hearSayings, preferredLanguages, type Language, type Saying } from '@kuku/domain';
import { sayIn } from '@kuku/domain/words-in';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The sentences built from figures while a request runs, by their English text (decision 068). */
const sayings = new AsyncLocalStorage<Map<string, Saying>>();

/**
 * The language a request is answered in (decision 068): the account's when it has chosen one,
 * else the first of Accept-Language's that Kuku is written in, else English. A header with junk
 * in it is English.
 */
export function languageOf(request: FastifyRequest): Language {
  const chosen = request.principal?.user.language;
  if (chosen === 'en' || chosen === 'sw') return chosen;
  return chooseLanguage(undefined, preferredLanguages(request.headers['accept-language']));
}

/** The sentences the running request has built so far (for words said later, after it: a notification's). */
export function sayingsNow(): ReadonlyMap<string, Saying> | undefined {
  const said = sayings.getStore();
  return said && new Map(said);
}

/** `text`, an English sentence of the domain's words, in the request's language; anything else as it came. */
export function sayFor(request: FastifyRequest, text: string): string {
  return sayIn(languageOf(request), text, sayings.getStore());
}

/**
 * Lets the error handler say a message in the request's language: each request keeps the
 * sentences the words functions build for it, so that one built from figures
 * ('Cannot remove more than available. Stock: 5') is built again in Kiswahili with the same
 * figures. The services keep throwing the English words.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  hearSayings((text, saying) => {
    const said = sayings.getStore();
    // A request that builds many sentences (a long report) keeps only its first ones.
    if (said && said.size < 200) said.set(text, saying);
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    sayings.run(new Map(), done);
  });
  // An answer's `message` too ('Language changed.'), when it is one of the domain's sentences.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload) || languageOf(request) === 'en') return payload;
    const { message } = payload as { message?: unknown };
    return typeof message === 'string' ? { ...payload, message: sayFor(request, message) } : payload;
  });
  app.addHook('onClose', async () => hearSayings(undefined));
});

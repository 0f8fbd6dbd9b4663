import { requestWords, type ErrorBody } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ChangedMeanwhile } from '../app-error.js';
import { languageOf, sayFor } from './language.js';

function body(
  code: ErrorBody['error']['code'],
  message: string,
  extra: Omit<ErrorBody['error'], 'code' | 'message'> = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}

/**
 * The words of a request the server cannot take (the address, the body, an unknown path, an error
 * of ours), in its language (decision 068). By key, not by text: a sentence with a figure in it is
 * said right even where the request's sentences are not kept (the router's refusals come first).
 */
export function requestWordsFor(request: FastifyRequest): typeof requestWords {
  return wordsIn(languageOf(request), requestWords);
}

/**
 * A path Fastify's router cannot take apart (bad %-encoding, a parameter over
 * 100 characters) is refused before any route runs: answered in the same shape,
 * without echoing the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const w = requestWordsFor(request);
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? w.addressTooLong : w.addressNotValid;
  void reply.status(error.statusCode ?? 400).send(body('validation', message));
}

/**
 * Every error leaves as `{ error: { code, message, fields? } }` (docs/design.md §5).
 * Bad input is a 4xx with a message a farmer can read; anything unexpected is
 * a 500 carrying only the request id, and is logged.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The message and the fields' messages in the request's language (decision 068).
    const say = (text: string) => sayFor(request, text);
    const w = requestWordsFor(request);
    const sayAll = (fields: Record<string, string> | undefined) =>
      fields && Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, say(text)]));
    if (error instanceof AppError) {
      const { fields, meta } = error;
      const current = error instanceof ChangedMeanwhile ? { current: error.current } : {};
      return reply.status(error.status).send(body(error.code, say(error.message), { fields: sayAll(fields), meta, ...current }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (key && !(key in fields)) fields[key] = issue.message === undefined ? w.invalidValue : say(issue.message);
      }
      const first = error.validation[0];
      // An issue without a path is about the whole body (a string, an array, null…).
      const message =
        !first || (first.instancePath === '/' && first.keyword === 'invalid_type')
          ? w.bodyNotObject
          : first.message === undefined
            ? w.invalidInput
            : say(first.message);
      return reply.status(400).send(body('validation', message, { fields }));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('too_large', w.tooLarge));
    }
    if (status === 429) {
      // The rate limiter's refusal is an AppError (plugins/rate-limit.ts), said above: any other 429 by its text.
      return reply.status(429).send(body('rate_limited', say(error.message)));
    }
    if (status === 415) {
      return reply.status(415).send(body('validation', w.sendJson));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an empty JSON body and the like: Fastify's message is plain enough, in English.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? w.notValidJson
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? w.emptyBody
          : say(error.message);
      return reply.status(status).send(body(status === 404 ? 'not_found' : 'validation', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('internal', w.ourSide(request.id), { requestId: request.id }));
  });
});

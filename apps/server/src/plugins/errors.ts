import type { ErrorBody } from '@kuku/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ChangedMeanwhile } from '../app-error.js';
import { sayFor } from './language.js';

function body(
  code: ErrorBody['error']['code'],
  message: string,
  extra: Omit<ErrorBody['error'], 'code' | 'message'> = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}

/**
 * A path Fastify's router cannot take apart (bad %-encoding, a parameter over
 * 100 characters) is refused before any route runs: answered in the same shape,
 * without echoing the path back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.';
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
        if (key && !(key in fields)) fields[key] = say(issue.message ?? 'Invalid value.');
      }
      const first = error.validation[0];
      // An issue without a path is about the whole body (a string, an array, null…).
      const message =
        !first || (first.instancePath === '/' && first.keyword === 'invalid_type')
          ? 'The request body must be a JSON object.'
          : (first.message ?? 'Invalid input.');
      return reply.status(400).send(body('validation', say(message), { fields }));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('too_large', 'The request is too large.'));
    }
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', error.message));
    }
    if (status === 415) {
      return reply.status(415).send(body('validation', 'Send the request body as JSON.'));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an empty JSON body and the like: Fastify's message is plain enough.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : error.message;
      return reply.status(status).send(body(status === 404 ? 'not_found' : 'validation', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('internal', `Something went wrong on our side. Reference: ${request.id}`, { requestId: request.id }));
  });
});

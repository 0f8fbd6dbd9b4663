import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** Removes secrets from a logged URL: the socket and the social sign-in return carry ?token=. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|otp|code|password)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.new_password',
        '*.otp',
        '*.token',
        // Fastify logs a request the HTTP parser refused (trace level) with its raw bytes: headers, token and all.
        'err.rawPacket',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return { method: request.method, url: redactUrl(request.url), reqId: request.id, remoteAddress: request.ip };
      },
    },
  };
}

import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/**
 * Removes secrets from a logged URL: the socket and the social sign-in return carry ?token=,
 * a signed report link ?sig=, and the M-Pesa callback's path ends in its secret (decision 050).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|otp|code|password|sig)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/payments\/mpesa\/callback\/)[^/?#]+/i, '$1[redacted]');
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

/**
 * The few error codes the API answers with; the specifics go in the message.
 * One map from code to HTTP status, used by the server's error handler and
 * readable by the web client.
 */
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  subscription_required: 402,
  email_unverified: 403,
  /** A role's limit (docs/design.md §6, decision 039), or a refused download link. */
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rule_broken: 422,
  rate_limited: 429,
  internal: 500,
  /** A payment provider refused or did not answer. */
  provider_failed: 502,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** Extra facts a client needs, e.g. the email to verify after an unverified login. */
    meta?: Record<string, string>;
    requestId?: string;
    /** A 409 to an edit of a record changed meanwhile: the record as it is now (decision 067). */
    current?: unknown;
  };
}

export const TOKEN_EXPIRED_MESSAGE = 'Token expired, please log in again';

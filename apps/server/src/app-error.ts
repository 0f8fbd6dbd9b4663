import { errorStatus, requestWords, type ErrorCode } from '@kuku/domain';

/** The one error services throw; plugins/errors.ts maps it to HTTP. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly meta?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message = requestWords.notFound) => new AppError('not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const invalid = (message: string, fields?: Record<string, string>) => new AppError('validation', message, fields);
export const unauthenticated = (message = requestWords.logIn) => new AppError('unauthenticated', message);
export const rateLimited = (message: string) => new AppError('rate_limited', message);

/** An edit or a delete of a record changed since the farmer read it: a 409 with the record as it is now (decision 067). */
export class ChangedMeanwhile extends AppError {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super('conflict', message);
  }
}

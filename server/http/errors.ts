import { ResultCode } from '../../src/contracts/envelope';

/**
 * An error whose message is meant for the user. Anything else that is thrown is logged and
 * answered with a generic message, so no stack trace or SQL text reaches a client.
 */
export class AppError extends Error {
  constructor(
    message: string,
    /** Envelope code. */
    readonly code: number = ResultCode.ERROR,
    /** HTTP status; business failures answer 200 like the reference system. */
    readonly httpStatus: number = 200,
    /** Optional envelope payload. */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A business rule said no (HTTP 200, code 500). */
export function failure(message: string): AppError {
  return new AppError(message);
}

/** Bad input that the schemas could not catch (HTTP 400). */
export function badRequest(message: string): AppError {
  return new AppError(message, ResultCode.BAD_REQUEST, 400);
}

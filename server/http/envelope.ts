import { MSG_OK, ResultCode, type ApiEnvelope } from '../../src/contracts/envelope';

export function ok<T>(result: T, message: string = MSG_OK): ApiEnvelope<T> {
  return { success: true, message, code: ResultCode.OK, result, timestamp: Date.now() };
}

export function fail(
  message: string,
  code: number = ResultCode.ERROR,
  result: unknown = null,
): ApiEnvelope<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

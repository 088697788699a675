import { Ajv, type ValidateFunction } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { failure } from '../../http/errors';
import { assertLegalDecoded } from '../../http/text-guard';
import type { JobHandler } from './handlers/handler';

export const MSG_UNKNOWN_HANDLER = '未知的任务处理器';
export const MSG_PARAMETER_NOT_JSON = '任务参数不是合法的JSON';

/** The parameters of a handler, as a run receives them. */
export type JobParams = unknown;

interface Entry {
  readonly handler: JobHandler;
  readonly validate: ValidateFunction;
}

/**
 * The handlers of one app: a key names exactly one, parameters are JSON checked with the
 * handler's schema (defaults filled in). An instance per app, so tests register their own.
 */
export class HandlerRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly ajv = new Ajv({ allErrors: false, useDefaults: true, strict: false });

  constructor(handlers: readonly JobHandler[]) {
    for (const handler of handlers) this.register(handler);
  }

  register(handler: JobHandler): void {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(handler.key)) {
      throw new Error(`job handler key “${handler.key}” must be letters, digits or _`);
    }
    if (this.entries.has(handler.key)) {
      throw new Error(`job handler “${handler.key}” is registered twice`);
    }
    this.entries.set(handler.key, { handler, validate: this.ajv.compile(handler.paramsSchema) });
  }

  /** Every handler in registration order. */
  list(): readonly JobHandler[] {
    return [...this.entries.values()].map((e) => e.handler);
  }

  /** The handler of a key, or null. */
  find(key: string): JobHandler | null {
    return this.entries.get(key)?.handler ?? null;
  }

  /**
   * The parameters of a stored or submitted job, parsed and checked; refuses with a business
   * message (未知的任务处理器, 任务参数不是合法的JSON, or the schema's complaint naming the field).
   */
  parse(key: string, parameter: string | null | undefined): JobParams {
    const entry = this.entries.get(key);
    if (!entry) throw failure(MSG_UNKNOWN_HANDLER);
    let params: unknown = {};
    if (parameter !== null && parameter !== undefined && parameter.trim() !== '') {
      try {
        params = JSON.parse(parameter);
      } catch {
        throw failure(MSG_PARAMETER_NOT_JSON);
      }
      assertLegalDecoded(params, 'parameter');
    }
    if (entry.validate(params)) return params;
    throw failure(`任务参数不正确：${describe(entry.validate)}`);
  }
}

/** ajv's first complaint in Chinese, naming the field (`path 应当是 string 类型`). */
function describe(validate: ValidateFunction): string {
  const errors = validate.errors ?? [];
  localizeZh(errors as Parameters<typeof localizeZh>[0]);
  const first = errors[0];
  if (!first) return '参数校验失败';
  const params = first.params as { missingProperty?: string; additionalProperty?: string };
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (params.missingProperty) return `缺少参数 ${params.missingProperty}`;
  if (params.additionalProperty) return `不支持的参数 ${params.additionalProperty}`;
  return `${path || '参数'} ${first.message ?? ''}`.trim();
}

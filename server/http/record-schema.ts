import type { FastifyRequest } from 'fastify';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import type { Static, TSchema } from 'typebox';
import { badRequest, failure } from './errors';

/**
 * A record checked against the JSON schema a route declares for its body, outside that route:
 * the business-entity routes (`/bpm/tip_system_*`) and spreadsheet imports save records the
 * way `add` / `edit` do, so they must refuse exactly what those routes' schemas refuse. A
 * record that passes is typed by its schema (`asserts record is Static<S>`). The
 * request's own validator compiler is used (Fastify's ajv with its coercion and defaults), so
 * the record is coerced and defaulted as the route would have done it.
 */

export interface SchemaProblem {
  /** The property at fault (`code`, or the missing one), empty for the record itself. */
  readonly field: string;
  /** ajv's message in Chinese (ajv-i18n). */
  readonly message: string;
  /** The schema keyword that failed (`required`, `pattern`, …). */
  readonly keyword: string;
}

/** Schema of a JSON body: an object with properties. */
export type RecordSchema = object;

/** The first thing the schema refuses in the record (coercing it in place), or null. */
export function schemaProblem(
  request: FastifyRequest,
  schema: RecordSchema,
  record: unknown,
): SchemaProblem | null {
  const validate = request.compileValidationSchema(schema as Record<string, unknown>, 'body');
  if (validate(record)) return null;
  const errors = validate.errors ?? [];
  localizeZh(errors as Parameters<typeof localizeZh>[0]);
  const first = errors[0];
  if (!first) return { field: '', message: '参数校验失败', keyword: '' };
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  return { field: path || missing || '', message: first.message ?? '', keyword: first.keyword };
}

/** Refuses the record as the route's schema would (HTTP 400, `参数校验失败：body.x …`). */
export function assertBody<S extends TSchema>(
  request: FastifyRequest,
  schema: S,
  body: unknown,
): asserts body is Static<S> {
  const problem = schemaProblem(request, schema, body);
  if (!problem) return;
  const name = ['body', problem.field].filter(Boolean).join('.');
  throw badRequest(`参数校验失败：${name} ${problem.message}`.trim());
}

/**
 * Refuses an imported row (a business failure, so the importer lists it in the error file),
 * naming the column by its header label.
 */
export function assertRow<S extends TSchema>(
  request: FastifyRequest,
  schema: S,
  record: unknown,
  labels: Readonly<Record<string, string>>,
): asserts record is Static<S> {
  const problem = schemaProblem(request, schema, record);
  if (!problem) return;
  const label = Object.hasOwn(labels, problem.field) ? labels[problem.field]! : problem.field;
  const message = problem.keyword === 'required' ? '不能为空' : problem.message;
  throw failure(label ? `“${label}”${message}` : message);
}

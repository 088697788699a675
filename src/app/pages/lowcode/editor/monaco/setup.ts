/**
 * The page editor's monaco: the shared instance (renderers/shared/monaco/setup.ts, one chunk
 * with the `code-editor` renderer) plus the JSON language service and its worker, with the
 * page meta-schema for completion and hovers. Imported only by the editor components, which
 * load as their own chunk the first time the page editor shows an editor.
 */
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import {
  addLanguageWorker,
  monaco,
  settleHoverDelegates,
} from '../../../../../../renderers/shared/monaco/setup';

addLanguageWorker('json', () => new JsonWorker());

/** Models of page definitions are named `….page.json`; the schema applies to them only. */
export const PAGE_MODEL_SUFFIX = '.page.json';
const SCHEMA_URI = 'inmemory://schema-admin/page-definition.schema.json';

let currentSchema: unknown = null;

/**
 * Completion and hovers from the meta-schema. Inline problems come from the page check (the
 * same rules, in Chinese, plus cross references and renderer props), so the language
 * service's own English diagnostics are off and it never fetches a schema.
 */
export function configurePageSchema(schema: Readonly<Record<string, unknown>>): void {
  if (schema === currentSchema) return;
  currentSchema = schema;
  jsonDefaults.setDiagnosticsOptions({
    validate: false,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [{ uri: SCHEMA_URI, fileMatch: [`*${PAGE_MODEL_SUFFIX}`], schema }],
  });
}

export function modelPath(name: string): string {
  return `inmemory://schema-admin/${encodeURIComponent(name)}${PAGE_MODEL_SUFFIX}`;
}

export { monaco, settleHoverDelegates };

/**
 * monaco, bundled (no CDN): the editor core and its features, the JSON language only, and the
 * two workers it needs. Imported only by the editor components, which load as their own chunk
 * the first time the page editor shows an editor.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { getDefaultHoverDelegate } from 'monaco-editor/base/browser/ui/hover/hoverDelegateFactory';
import { loader } from '@monaco-editor/react';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

globalThis.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// @monaco-editor/react uses this instance instead of fetching monaco from a CDN.
loader.config({ monaco });

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

/**
 * monaco creates its two default hover delegates lazily, from whichever editor was created
 * last. When that is a diff editor's inner editor, closing the diff disposes its services and
 * the first suggestion list afterwards throws "InstantiationService has been disposed". Called
 * when a top-level editor mounts (its services live as long as the page), this creates them
 * from services that are never disposed.
 */
export function settleHoverDelegates(): void {
  getDefaultHoverDelegate('mouse');
  getDefaultHoverDelegate('element');
}

export function modelPath(name: string): string {
  return `inmemory://schema-admin/${encodeURIComponent(name)}${PAGE_MODEL_SUFFIX}`;
}

export { monaco };

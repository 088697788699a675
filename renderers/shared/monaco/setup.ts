/// <reference types="vite/client" />
/**
 * monaco, bundled (no CDN), set up once for every editor of the app: the editor core and its
 * features, the editor worker, and `@monaco-editor/react` pointed at this instance. The page
 * editor (src/app/pages/lowcode/editor/monaco) and the `code-editor` renderer both import it,
 * so monaco is ONE lazy chunk, loaded the first time either shows an editor.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import { getDefaultHoverDelegate } from 'monaco-editor/base/browser/ui/hover/hoverDelegateFactory';
import { loader } from '@monaco-editor/react';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

/** Workers of language services (`json`, …) added by the editors that use them. */
const languageWorkers = new Map<string, () => Worker>();

/** Makes monaco start `create()` for the language service labelled `label`. */
export function addLanguageWorker(label: string, create: () => Worker): void {
  languageWorkers.set(label, create);
}

globalThis.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return languageWorkers.get(label)?.() ?? new EditorWorker();
  },
};

// @monaco-editor/react uses this instance instead of fetching monaco from a CDN.
loader.config({ monaco });

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

export { monaco };

import type { RefObject } from 'react';
import type { TextRange } from '../model/json-locate';

/** A squiggle in the editor: where (offsets into the text) and what. */
export interface EditorMarker {
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** What the screen may ask of a mounted editor. */
export interface CodeEditorHandle {
  /** Selects a range, scrolls it into view and focuses the editor. */
  reveal(range: TextRange): void;
  focus(): void;
}

export interface CodeEditorProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly markers: readonly EditorMarker[];
  /** Name of the editor's model, unique per mounted editor (the model is disposed with it). */
  readonly modelName: string;
  /** JSON Schema for completion and hovers. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly readOnly: boolean;
  readonly handleRef: RefObject<CodeEditorHandle | null>;
  /** Accessible name of the text area. */
  readonly label: string;
  /**
   * Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) go to the screen's history, shared with the designer,
   * instead of the editor's own. Default: the editor's own.
   */
  readonly onUndo?: () => void;
  readonly onRedo?: () => void;
}

export interface DiffViewProps {
  /** Left side (older). */
  readonly original: string;
  /** Right side (newer). */
  readonly modified: string;
  readonly originalLabel: string;
  readonly modifiedLabel: string;
}

/** A SQL text editor (报表配置's report SQL). */
export interface SqlEditorProps {
  /** The text; monaco reads it when it mounts only (remount with a new key to replace it). */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly readOnly: boolean;
  /** Accessible name of the text area. */
  readonly label: string;
}

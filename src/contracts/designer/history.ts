/**
 * The undo history of a draft's text, shared by the JSON view and the designer: every change
 * either view makes is a step, so Ctrl+Z undoes the last one whichever view made it. Changes of
 * one group in a row (the keystrokes of one pause in the JSON view, the letters typed into one
 * cell) make one step.
 */

/** Steps kept; the oldest go first. */
export const HISTORY_LIMIT = 200;

export interface TextHistory {
  readonly past: readonly string[];
  readonly present: string;
  readonly future: readonly string[];
  /** The group of the last step, while more changes of it may join it. */
  readonly group: string | null;
}

export function startHistory(text: string): TextHistory {
  return { past: [], present: text, future: [], group: null };
}

/** A change to `text`; one of the same `group` as the last step joins it. */
export function record(history: TextHistory, text: string, group: string | null = null) {
  if (text === history.present) return history;
  if (group !== null && group === history.group) {
    return { ...history, present: text, future: [] };
  }
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: text, future: [], group };
}

/** Ends the current group: the next change is a step of its own. */
export function seal(history: TextHistory): TextHistory {
  return history.group === null ? history : { ...history, group: null };
}

export function canUndo(history: TextHistory): boolean {
  return history.past.length > 0;
}

export function canRedo(history: TextHistory): boolean {
  return history.future.length > 0;
}

export function undo(history: TextHistory): TextHistory {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo(history: TextHistory): TextHistory {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, group: null };
}

import { readDraft } from '../../../../contracts/designer/draft';
import type { Draft } from '../../../../contracts/designer/ops';
import { formatJson } from '../model/draft-check';
import { readJson } from '../model/json-locate';
import { inSchemaOrder } from '../model/key-order';

/**
 * The designer's side of the one draft text: what it reads from the text, and the text an
 * operation leaves (the JSON view's formatting: schema key order, two-space indent).
 */

/** The text of a draft, formatted as the editor shows a stored page. */
export function draftText(draft: Draft): string {
  return formatJson(inSchemaOrder(draft));
}

export type DesignerRead = { ok: true; draft: Draft } | { ok: false; why: string };

/** The draft in a text, when the designer can open it. */
export function readDesignerDraft(text: string): DesignerRead {
  const read = readJson(text);
  if (!read.ok) {
    const { line, column, message } = read.error;
    return { ok: false, why: `JSON 语法错误（第 ${line} 行第 ${column} 列）：${message}` };
  }
  return readDraft(read.value);
}

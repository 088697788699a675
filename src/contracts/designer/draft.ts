import type { Draft } from './ops';

/**
 * Whether parsed JSON can be opened in the designer: an object whose `fields` (and each
 * detail's) are lists of objects with a string name and type. Anything else (a draft half
 * typed in the JSON view) is mended there first; the designer never guesses at a shape.
 */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldsFit(fields: unknown): boolean {
  return (
    Array.isArray(fields) &&
    fields.every((f) => isObject(f) && typeof f.name === 'string' && typeof f.type === 'string')
  );
}

function tableFits(table: unknown): boolean {
  return (
    table === undefined ||
    (isObject(table) &&
      Array.isArray(table.columns) &&
      table.columns.every((c) => isObject(c) && typeof c.name === 'string'))
  );
}

/** The draft, when its shape is one the designer can edit; else why not. */
export function readDraft(value: unknown): { ok: true; draft: Draft } | { ok: false; why: string } {
  if (!isObject(value)) return { ok: false, why: '页面定义必须是一个 JSON 对象' };
  if (!fieldsFit(value.fields) || !tableFits(value.table)) {
    return {
      ok: false,
      why: 'fields 须是字段的列表（每个字段有 name 和 type），table.columns 须是列的列表',
    };
  }
  const details = value.details;
  if (details !== undefined) {
    if (
      !Array.isArray(details) ||
      !details.every((d) => isObject(d) && fieldsFit(d.fields) && tableFits(d.table))
    ) {
      return { ok: false, why: 'details 须是子表的列表，每个子表有字段列表 fields' };
    }
  }
  // The shape the operations rely on was checked above; the rest is checkPage's to judge.
  return { ok: true, draft: value as unknown as Draft };
}

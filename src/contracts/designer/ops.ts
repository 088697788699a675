import type { Catalogue } from '../catalogue/catalogue';
import { fits, type PropSchema } from '../catalogue/props';
import type {
  ColumnDefinition,
  DetailDefinition,
  FieldDefinition,
  PageDefinition,
  TableDefinition,
} from '../page';
import { snakeFromCamel } from '../page-upgrade';
import { columnForType, columnHolds, isStandardColumn } from './columns';

/**
 * The page designer's edits as small typed operations on a draft definition. The JSON text
 * stays the source of truth: the designer reads the draft from it, applies one operation and
 * writes the result back, so one undo history, one save flow and one check serve the JSON view
 * and the designer alike. Every operation is pure: it answers a new draft and never changes
 * the one it was given. A page (or detail) that owns its table gets its columns kept in step:
 * a new field brings its column, a removed field takes it away (the save then asks before the
 * column is dropped, as for any edit of the JSON).
 */

/** A draft as the designer edits it: a definition, possibly not a valid one yet. */
export type Draft = PageDefinition;

/** Which field list an operation works on: the page's, or a detail's (by index). */
export interface FieldListRef {
  readonly detail?: number;
}

/** A field's key the 字段 table and the property panel set (`undefined` removes it). */
export type FieldKey = Exclude<keyof FieldDefinition, 'name' | 'type'>;

export type DesignerOp =
  | (FieldListRef & {
      readonly op: 'addField';
      readonly field: FieldDefinition;
      /** Where it goes; default the end. */
      readonly index?: number;
    })
  | (FieldListRef & { readonly op: 'removeField'; readonly index: number })
  | (FieldListRef & { readonly op: 'copyField'; readonly index: number })
  | (FieldListRef & { readonly op: 'moveField'; readonly from: number; readonly to: number })
  | (FieldListRef & {
      readonly op: 'setField';
      readonly index: number;
      readonly key: FieldKey;
      readonly value: unknown;
    })
  | (FieldListRef & { readonly op: 'renameField'; readonly index: number; readonly name: string })
  | (FieldListRef & { readonly op: 'retypeField'; readonly index: number; readonly type: string })
  | (FieldListRef & {
      readonly op: 'setColumn';
      readonly index: number;
      readonly patch: Partial<Omit<ColumnDefinition, 'name'>>;
    })
  | {
      /** A page property by its path (`['list', 'pageSize']`); `undefined` removes it. */
      readonly op: 'setPage';
      readonly path: readonly (string | number)[];
      readonly value: unknown;
    }
  | { readonly op: 'addDetail'; readonly detail: DetailDefinition }
  | { readonly op: 'removeDetail'; readonly index: number }
  | {
      readonly op: 'setDetail';
      readonly index: number;
      readonly path: readonly (string | number)[];
      readonly value: unknown;
    };

export interface OpResult {
  readonly draft: Draft;
  /** What the author should be told (props dropped by a retype …); null for nothing. */
  readonly notice: string | null;
}

/** The operation could not apply (an index out of range, a name taken): nothing changed. */
export class DesignerOpError extends Error {}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` set at `path` inside `target` (copies along the path; `undefined` removes). */
export function setIn(
  target: unknown,
  path: readonly (string | number)[],
  value: unknown,
): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(target) ? [...(target as unknown[])] : [];
    if (head < 0 || head > list.length) throw new DesignerOpError(`位置 ${head} 不存在`);
    const next = setIn(list[head], rest, value);
    if (next === undefined && rest.length === 0) list.splice(head, 1);
    else list[head] = next;
    return list;
  }
  const object: JsonObject = isObject(target) ? { ...target } : {};
  const next = setIn(object[head], rest, value);
  if (next === undefined) delete object[head];
  else object[head] = next;
  return object;
}

interface FieldList {
  readonly fields: readonly FieldDefinition[];
  readonly table: TableDefinition | undefined;
  readonly tree: boolean;
}

function listOf(draft: Draft, ref: FieldListRef): FieldList {
  if (ref.detail === undefined) {
    return { fields: draft.fields ?? [], table: draft.table, tree: draft.kind === 'tree-list' };
  }
  const detail = draft.details?.[ref.detail];
  if (!detail) throw new DesignerOpError(`子表 ${ref.detail + 1} 不存在`);
  return { fields: detail.fields ?? [], table: detail.table, tree: false };
}

function withList(draft: Draft, ref: FieldListRef, list: FieldList): Draft {
  const changes: { fields: readonly FieldDefinition[]; table?: TableDefinition } = {
    fields: list.fields,
  };
  if (list.table) changes.table = list.table;
  if (ref.detail === undefined) return { ...draft, ...changes };
  const details = [...(draft.details ?? [])];
  details[ref.detail] = { ...details[ref.detail]!, ...changes };
  return { ...draft, details };
}

function fieldAt(list: FieldList, index: number): FieldDefinition {
  const field = list.fields[index];
  if (!field) throw new DesignerOpError(`第 ${index + 1} 个字段不存在`);
  return field;
}

/** The column a field is stored in, by name (`orderNo` → `order_no`). */
function columnIndex(table: TableDefinition | undefined, field: string): number {
  if (!table) return -1;
  const name = snakeFromCamel(field);
  return table.columns.findIndex((c) => c.name === name);
}

function withColumns(table: TableDefinition, columns: readonly ColumnDefinition[]) {
  return { ...table, columns };
}

/** The table with a column for a new field (none for standard columns or one already there). */
function addColumnFor(
  list: FieldList,
  field: FieldDefinition,
  catalogue: Catalogue,
  template?: ColumnDefinition,
): TableDefinition | undefined {
  const { table } = list;
  if (!table) return undefined;
  const name = snakeFromCamel(field.name);
  if (isStandardColumn(name, list.tree) || columnIndex(table, field.name) >= 0) return table;
  const column: ColumnDefinition = template
    ? { ...template, name }
    : { name, ...columnForType(catalogue.get(field.type)), comment: field.label };
  return withColumns(table, [...table.columns, column]);
}

function removeColumnOf(list: FieldList, field: FieldDefinition): TableDefinition | undefined {
  const at = columnIndex(list.table, field.name);
  if (!list.table || at < 0) return list.table;
  return withColumns(
    list.table,
    list.table.columns.filter((_, i) => i !== at),
  );
}

function assertFreeName(list: FieldList, name: string, except: number): void {
  if (list.fields.some((f, i) => f.name === name && i !== except)) {
    throw new DesignerOpError(`字段名 ${name} 已存在`);
  }
}

/** `name`, else `name2`, `name3` … whichever no field of the list has. */
export function freeName(names: readonly string[], name: string): string {
  const taken = new Set(names);
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name}${n}`)) n += 1;
  return `${name}${n}`;
}

function addField(list: FieldList, field: FieldDefinition, index: number, catalogue: Catalogue) {
  assertFreeName(list, field.name, -1);
  const fields = [...list.fields];
  fields.splice(index, 0, field);
  return { ...list, fields, table: addColumnFor(list, field, catalogue) };
}

function copyField(list: FieldList, index: number, catalogue: Catalogue): FieldList {
  const field = fieldAt(list, index);
  const name = freeName(
    list.fields.map((f) => f.name),
    `${field.name}Copy`,
  );
  const copy: FieldDefinition = { ...field, name, label: `${field.label}（副本）`.slice(0, 100) };
  const column = list.table?.columns[columnIndex(list.table, field.name)];
  const fields = [...list.fields];
  fields.splice(index + 1, 0, copy);
  const template = column ? { ...column, comment: copy.label } : undefined;
  return { ...list, fields, table: addColumnFor(list, copy, catalogue, template) };
}

function renameField(list: FieldList, index: number, name: string): FieldList {
  const field = fieldAt(list, index);
  if (field.name === name) return list;
  assertFreeName(list, name, index);
  const fields = list.fields.map((f, i) => (i === index ? { ...f, name } : f));
  const at = columnIndex(list.table, field.name);
  if (!list.table || at < 0) return { ...list, fields };
  const renamed = snakeFromCamel(name);
  const columns = isStandardColumn(renamed, list.tree)
    ? list.table.columns.filter((_, i) => i !== at)
    : list.table.columns.map((c, i) => (i === at ? { ...c, name: renamed } : c));
  return { ...list, fields, table: withColumns(list.table, columns) };
}

/** The props of `props` the type's schema still takes, and the names of those it does not. */
export function propsForType(
  props: Readonly<Record<string, unknown>> | undefined,
  schema: Readonly<Record<string, unknown>> | undefined,
): { readonly kept: Readonly<Record<string, unknown>>; readonly dropped: readonly string[] } {
  const known = isObject(schema?.properties)
    ? (schema.properties as Record<string, PropSchema>)
    : {};
  const kept: JsonObject = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(props ?? {})) {
    const propSchema = Object.hasOwn(known, key) ? known[key] : undefined;
    if (propSchema && fits(value, propSchema)) kept[key] = value;
    else dropped.push(key);
  }
  return { kept, dropped };
}

function retypeField(
  list: FieldList,
  index: number,
  type: string,
  catalogue: Catalogue,
): { list: FieldList; notice: string | null } {
  const field = fieldAt(list, index);
  const entry = catalogue.get(type);
  if (!entry) throw new DesignerOpError(`没有组件类型 ${type}`);
  if (field.type === type) return { list, notice: null };
  const { kept, dropped } = propsForType(field.props, entry.props.schema);
  const { props: _old, ...rest } = field;
  const next: FieldDefinition = {
    ...rest,
    type,
    ...(Object.keys(kept).length > 0 ? { props: kept } : {}),
  };
  const fields = list.fields.map((f, i) => (i === index ? next : f));
  let table = list.table;
  const at = columnIndex(table, field.name);
  const column = table?.columns[at];
  if (table && column && !columnHolds(column.type, entry)) {
    // The old column cannot hold the new values: the type's own column (the save shows the
    // type change and refuses one the data cannot take).
    const { length: _l, precision: _p, scale: _s, ...base } = column;
    const replaced = { ...base, ...columnForType(entry) };
    table = withColumns(
      table,
      table.columns.map((c, i) => (i === at ? replaced : c)),
    );
  }
  const notice =
    dropped.length > 0 ? `已去掉「${entry.title}」不支持的属性：${dropped.join('、')}` : null;
  return { list: { ...list, fields, table }, notice };
}

function setColumn(
  list: FieldList,
  index: number,
  patch: Partial<Omit<ColumnDefinition, 'name'>>,
): FieldList {
  const field = fieldAt(list, index);
  const at = columnIndex(list.table, field.name);
  if (!list.table || at < 0) throw new DesignerOpError(`字段 ${field.name} 没有对应的列`);
  const column = setPatch(list.table.columns[at]!, patch) as ColumnDefinition;
  return {
    ...list,
    table: withColumns(
      list.table,
      list.table.columns.map((c, i) => (i === at ? column : c)),
    ),
  };
}

function setPatch(target: object, patch: object): unknown {
  let next: unknown = target;
  for (const [key, value] of Object.entries(patch)) next = setIn(next, [key], value);
  return next;
}

function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) {
    throw new DesignerOpError('移动的位置不存在');
  }
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function onList(draft: Draft, ref: FieldListRef, change: (list: FieldList) => FieldList): OpResult {
  return { draft: withList(draft, ref, change(listOf(draft, ref))), notice: null };
}

/**
 * A page property; a new code also names the page's table while that table is still named
 * after the old code (a page not saved yet: a saved page's code cannot change).
 */
function setPage(draft: Draft, path: readonly (string | number)[], value: unknown): Draft {
  const next = setIn(draft, path, value) as Draft;
  const followsCode =
    path.length === 1 && path[0] === 'code' && typeof value === 'string' && value !== '';
  if (!followsCode || !next.table || next.table.name !== draft.code) return next;
  return { ...next, table: { ...next.table, name: value } };
}

/** Applies one operation; throws DesignerOpError (and changes nothing) when it cannot. */
export function applyOp(draft: Draft, op: DesignerOp, catalogue: Catalogue): OpResult {
  switch (op.op) {
    case 'addField':
      return onList(draft, op, (list) =>
        addField(list, op.field, op.index ?? list.fields.length, catalogue),
      );
    case 'removeField':
      return onList(draft, op, (list) => {
        const field = fieldAt(list, op.index);
        const fields = list.fields.filter((_, i) => i !== op.index);
        return { ...list, fields, table: removeColumnOf(list, field) };
      });
    case 'copyField':
      return onList(draft, op, (list) => copyField(list, op.index, catalogue));
    case 'moveField':
      return onList(draft, op, (list) => ({
        ...list,
        fields: moveItem(list.fields, op.from, op.to),
      }));
    case 'setField':
      return onList(draft, op, (list) => {
        fieldAt(list, op.index);
        const fields = setIn(list.fields, [op.index, op.key], op.value) as FieldDefinition[];
        return { ...list, fields };
      });
    case 'renameField': {
      const renamed = onList(draft, op, (list) => renameField(list, op.index, op.name));
      // A detail's foreign key follows its field's new name.
      const detail = op.detail === undefined ? undefined : draft.details?.[op.detail];
      const old = detail?.fields[op.index]?.name;
      if (op.detail === undefined || !detail || old !== detail.foreignKey) return renamed;
      const next = setIn(renamed.draft, ['details', op.detail, 'foreignKey'], op.name) as Draft;
      return { draft: next, notice: null };
    }
    case 'retypeField': {
      const ref: FieldListRef = op.detail === undefined ? {} : { detail: op.detail };
      const { list, notice } = retypeField(listOf(draft, ref), op.index, op.type, catalogue);
      return { draft: withList(draft, ref, list), notice };
    }
    case 'setColumn':
      return onList(draft, op, (list) => setColumn(list, op.index, op.patch));
    case 'setPage':
      return { draft: setPage(draft, op.path, op.value), notice: null };
    case 'addDetail': {
      const details = [...(draft.details ?? []), op.detail];
      return { draft: { ...draft, details }, notice: null };
    }
    case 'removeDetail': {
      if (!draft.details?.[op.index]) throw new DesignerOpError(`子表 ${op.index + 1} 不存在`);
      const details = draft.details.filter((_, i) => i !== op.index);
      const value = details.length > 0 ? details : undefined;
      return { draft: setIn(draft, ['details'], value) as Draft, notice: null };
    }
    case 'setDetail': {
      if (!draft.details?.[op.index]) throw new DesignerOpError(`子表 ${op.index + 1} 不存在`);
      return {
        draft: setIn(draft, ['details', op.index, ...op.path], op.value) as Draft,
        notice: null,
      };
    }
  }
}

import { PAGE_SCHEMA_VERSION } from './page';

/**
 * Older page-definition shapes and the ordered, pure functions that upgrade them. A definition
 * of version N passes through upgrade N → N+1 → … → PAGE_SCHEMA_VERSION. Each step takes the
 * previous shape as plain JSON and returns the next one; none mutates its input.
 */

/**
 * Version 1: the online-form vocabulary of the reference system (`onl_cgform_field`): one
 * `columns` list with 0/1 view flags and db attributes, so definitions written for it import.
 */
export interface PageDefinitionV1 {
  readonly schemaVersion: 1;
  readonly code: string;
  readonly title: string;
  readonly kind?: 'list' | 'tree-list';
  /** When set, the page owns this table. */
  readonly tableName?: string;
  readonly columns: readonly ColumnV1[];
}

export interface ColumnV1 {
  readonly dbFieldName: string;
  readonly dbFieldTxt: string;
  /** text, textarea, list, list_multi, radio, checkbox, switch, date, datetime, time, … */
  readonly fieldShowType?: string;
  /** String, Integer, Double, BigDecimal, Date, Datetime, Text, Blob */
  readonly dbType?: string;
  readonly dbLength?: number;
  readonly dbPointLength?: number;
  readonly dbIsNull?: 0 | 1;
  readonly isQuery?: 0 | 1;
  /** single or group (range) */
  readonly queryMode?: string;
  readonly isShowList?: 0 | 1;
  readonly isShowForm?: 0 | 1;
  readonly dictField?: string;
  /** '1' required */
  readonly fieldMustInput?: string;
  /** a preset (m, e, n6-16 …) or a regular expression */
  readonly fieldValidType?: string;
  readonly fieldDefaultValue?: string;
}

/** Columns the reference system adds by itself; they become our standard columns. */
const STANDARD_V1 = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time']);

/** `order_no` → `orderNo`: online columns surface as camelCase fields. */
export function camelFromSnake(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** `orderNo` → `order_no`. */
export function snakeFromCamel(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const SHOW_TYPES: Readonly<Record<string, string>> = {
  text: 'input',
  password: 'input',
  textarea: 'textarea',
  list: 'dict-select',
  list_multi: 'select-multiple',
  sel_search: 'dict-select',
  radio: 'radio',
  checkbox: 'checkbox-group',
  switch: 'switch',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
};

function columnType(column: ColumnV1): Record<string, unknown> {
  const dbType = (column.dbType ?? 'String').toLowerCase();
  if (dbType === 'integer' || dbType === 'int') return { type: 'int' };
  if (dbType === 'long' || dbType === 'bigint') return { type: 'bigint' };
  if (dbType === 'double' || dbType === 'bigdecimal' || dbType === 'decimal') {
    return { type: 'decimal', precision: column.dbLength ?? 18, scale: column.dbPointLength ?? 2 };
  }
  if (dbType === 'date') return { type: column.fieldShowType === 'datetime' ? 'datetime' : 'date' };
  if (dbType === 'datetime') return { type: 'datetime' };
  if (dbType === 'text' || dbType === 'blob') return { type: 'text' };
  return { type: 'string', length: column.dbLength ?? 255 };
}

function fieldFromV1(column: ColumnV1): Record<string, unknown> {
  const showType = column.fieldShowType ?? 'text';
  let type = SHOW_TYPES[showType] ?? 'input';
  if (type === 'dict-select' && !column.dictField) type = 'select';
  const rules: Record<string, unknown>[] = [];
  if (column.fieldMustInput === '1') rules.push({ required: true });
  if (column.fieldValidType) rules.push({ pattern: column.fieldValidType });
  return {
    name: camelFromSnake(column.dbFieldName),
    label: column.dbFieldTxt,
    type,
    ...(column.dictField ? { dictCode: column.dictField } : {}),
    ...(column.fieldDefaultValue !== undefined ? { defaultValue: column.fieldDefaultValue } : {}),
    ...(rules.length > 0 ? { validateRules: rules } : {}),
    query:
      column.isQuery === 1 ? { mode: column.queryMode === 'group' ? 'range' : 'single' } : false,
    list: column.isShowList !== 0,
    form: column.isShowForm !== 0,
  };
}

/** Version 1 → 2. */
export function upgradeV1toV2(v1: PageDefinitionV1): Record<string, unknown> {
  const own = v1.columns.filter((c) => !STANDARD_V1.has(c.dbFieldName));
  return {
    schemaVersion: 2,
    code: v1.code,
    title: v1.title,
    kind: v1.kind ?? 'list',
    ...(v1.tableName
      ? {
          table: {
            name: v1.tableName,
            columns: own.map((c) => ({
              name: c.dbFieldName,
              ...columnType(c),
              ...(c.dbIsNull === 0 ? { nullable: false } : {}),
            })),
          },
        }
      : {}),
    fields: v1.columns.filter((c) => c.dbFieldName !== 'id').map(fieldFromV1),
  };
}

/** Steps by the version they upgrade from. */
const STEPS: Readonly<Record<number, (input: never) => Record<string, unknown>>> = {
  1: upgradeV1toV2,
};

export class UpgradeError extends Error {}

/**
 * Brings any known version up to PAGE_SCHEMA_VERSION; the result still has to be validated.
 * Throws UpgradeError for a missing or unknown version.
 */
export function upgradePageDefinition(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new UpgradeError('页面定义必须是一个 JSON 对象');
  }
  let current = input as Record<string, unknown>;
  const start = current.schemaVersion;
  if (typeof start !== 'number' || !Number.isInteger(start)) {
    throw new UpgradeError('缺少 schemaVersion（页面定义的版本号）');
  }
  if (start > PAGE_SCHEMA_VERSION || start < 1) {
    throw new UpgradeError(
      `不支持的 schemaVersion：${start}（本系统支持 1 至 ${PAGE_SCHEMA_VERSION}）`,
    );
  }
  for (let version = start; version < PAGE_SCHEMA_VERSION; version++) {
    const step = STEPS[version];
    if (!step) throw new UpgradeError(`缺少从版本 ${version} 升级的步骤`);
    current = step(current as never);
  }
  return current;
}

// The product grid's layout defaults, so every contender draws the same box, rows and columns.
// (A deep import: registry/grid's public entry does not export them.)
import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_MAX_HEIGHT,
  HEADER_HEIGHT as GRID_HEADER_HEIGHT,
  ROW_HEIGHT as GRID_ROW_HEIGHT,
  ROW_NUMBER_WIDTH as GRID_ROW_NUMBER_WIDTH,
  SPECIAL_COLUMN_WIDTH,
} from '../../registry/grid/model/constants';
import { CATALOGUE } from '../../src/contracts/catalogue/index';
import { isEmptyValue, patternRegex } from '../../src/contracts/validate-presets';

/**
 * The generated data every contender shows: `rows` × `cols`, seeded, so every load of every
 * contender gets the same values. Column `i` has the kind `KINDS[i % 6]` (text, numbers, dates,
 * selects with options, checkboxes); column 0 is text and unique per row (the probe finds rows
 * by it), and the key of a row is `id`.
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'select' | 'checkbox';

export interface BenchColumn {
  readonly key: string;
  readonly title: string;
  readonly kind: ColumnKind;
}

export type BenchRow = Record<string, string | number>;

export interface BenchData {
  readonly columns: readonly BenchColumn[];
  readonly rows: BenchRow[];
}

/** The product's cell type of each kind (its renderers' names). */
export const PRODUCT_TYPE: Readonly<Record<ColumnKind, string>> = {
  text: 'input',
  number: 'inputNumber',
  date: 'date',
  select: 'select',
  checkbox: 'checkbox',
};

const KINDS: readonly ColumnKind[] = ['text', 'number', 'text', 'date', 'select', 'checkbox'];

export const SELECT_OPTIONS = [
  { value: '1', text: '选项一' },
  { value: '2', text: '选项二' },
  { value: '3', text: '选项三' },
  { value: '4', text: '选项四' },
  { value: '5', text: '选项五' },
] as const;

/** The values a checkbox cell stores for checked and unchecked. */
export const CHECKBOX_VALUES = ['Y', 'N'] as const;

/** What a read-only cell shows, as the product's grid shows it: option text, 是/否, the value. */
export function displayText(kind: ColumnKind, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (kind === 'select')
    return SELECT_OPTIONS.find((o) => o.value === value)?.text ?? String(value);
  if (kind === 'checkbox') return value === CHECKBOX_VALUES[0] ? '是' : '否';
  return String(value);
}

/** Every this many rows (offset `EMPTY_OFFSET`), column 0 is empty: a cell that fails
 * `required`, so collecting the values finds a few errors (1 at 100 rows, 10 at 10,000). */
export const EMPTY_EVERY = 997;
const EMPTY_OFFSET = 50;

const WORDS = [
  '华东',
  '华南',
  '西北',
  '客户',
  '订单',
  '仓库',
  '物料',
  '合同',
  '项目',
  '部门',
  '供应',
  '渠道',
] as const;

/** mulberry32: a small seeded generator, the same sequence in every browser. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function columnKind(i: number): ColumnKind {
  return KINDS[i % KINDS.length]!;
}

export function benchColumns(cols: number): BenchColumn[] {
  return Array.from({ length: cols }, (_, i) => ({
    key: `c${i}`,
    title: `列${i + 1}`,
    kind: columnKind(i),
  }));
}

/** The text of column 0 in row `r`: unique, so a row can be found by it. */
export function firstCellText(r: number): string {
  return r % EMPTY_EVERY === EMPTY_OFFSET ? '' : `${WORDS[r % WORDS.length]}行号-${r + 1}`;
}

export function benchData(rows: number, cols: number, seed = 20240601): BenchData {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const columns = benchColumns(cols);
  const data: BenchRow[] = [];
  for (let r = 0; r < rows; r++) {
    const row: BenchRow = { id: `r${r}` };
    for (let c = 0; c < cols; c++) {
      const key = columns[c]!.key;
      switch (columns[c]!.kind) {
        case 'text':
          row[key] =
            c === 0
              ? firstCellText(r)
              : `${pick(WORDS)}${pick(WORDS)}${10 + Math.floor(random() * 90)}`;
          break;
        case 'number':
          row[key] = Math.round(random() * 10_000_000) / 100;
          break;
        case 'date': {
          const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 2400) * 86_400_000);
          row[key] = day.toISOString().slice(0, 10);
          break;
        }
        case 'select':
          row[key] = pick(SELECT_OPTIONS).value;
          break;
        case 'checkbox':
          row[key] = random() < 0.5 ? CHECKBOX_VALUES[0] : CHECKBOX_VALUES[1];
          break;
      }
    }
    data.push(row);
  }
  return { columns, rows: data };
}

/**
 * The rules of a column, the same for every contender: required on the first text column, on
 * dates and selects (and on every third number); a pattern (a preset of
 * `src/contracts/validate-presets.ts` or a regular expression) on the other columns. Only the
 * empty column-0 cells fail (`EMPTY_EVERY`).
 */
export interface BenchRule {
  readonly required?: true;
  readonly pattern?: string;
}

export function columnRules(column: BenchColumn, index: number): readonly BenchRule[] {
  switch (column.kind) {
    case 'text':
      return index === 0 ? [{ required: true }] : [{ required: true }, { pattern: '*6-16' }];
    case 'number':
      return index % 3 === 1 ? [{ required: true }, { pattern: 'n' }] : [{ pattern: 'n' }];
    case 'date':
    case 'select':
      return [{ required: true }];
    case 'checkbox':
      return [{ pattern: '^[YN]$' }];
  }
}

/** A rule as a baseline checks it: the product's own emptiness test and pattern regex. */
export interface PlainRule {
  readonly required: boolean;
  readonly regex: RegExp | null;
}

/** Whether a column has a required rule (its header shows a red `*`). */
export function isRequiredColumn(column: BenchColumn, index: number): boolean {
  return columnRules(column, index).some((rule) => rule.required);
}

export function plainRules(column: BenchColumn, index: number): PlainRule[] {
  return columnRules(column, index).map((rule) => ({
    required: rule.required === true,
    regex: rule.pattern ? patternRegex(rule.pattern) : null,
  }));
}

/** Whether a value fails a rule (patterns skip empty values, as in the product). */
export function fails(rule: PlainRule, value: unknown): boolean {
  if (isEmptyValue(value)) return rule.required;
  return rule.regex !== null && !rule.regex.test(String(value));
}

/**
 * Layout shared by every contender: the grid's box (the product's default height limit),
 * column widths, and the row and header heights of the product's grid at its default size (so
 * every contender shows as many cells). The product's data columns carry no width of their
 * own: with 30 columns its default (a share of 92 % of the free width, at least 120 px and at
 * least the type's minimum) is what `columnWidth` gives; the baselines are given that width.
 */
export const GRID_HEIGHT = DEFAULT_MAX_HEIGHT;

/** The product's default width of a column of this kind (its catalogue entry's grid defaults). */
export function columnWidth(kind: ColumnKind): number {
  const grid = CATALOGUE.get(PRODUCT_TYPE[kind])?.grid;
  return Math.max(grid?.width ?? DEFAULT_COLUMN_WIDTH, grid?.minWidth ?? 0);
}

export const ROW_NUMBER_WIDTH = GRID_ROW_NUMBER_WIDTH;
export const SELECTION_WIDTH = SPECIAL_COLUMN_WIDTH;
export const ROW_HEIGHT = GRID_ROW_HEIGHT.medium;
export const HEADER_HEIGHT = GRID_HEADER_HEIGHT.medium;
/** Rows fully visible in the body (less a scrollbar's room): the mount check and scroll step. */
export const VISIBLE_ROWS = Math.floor((GRID_HEIGHT - HEADER_HEIGHT - 20) / ROW_HEIGHT);
/** The toolbar's first button: the mount check waits for it too (every contender has one). */
export const TOOLBAR_ADD = '新增';

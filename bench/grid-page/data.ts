import {
  HEADER_HEIGHT as GRID_HEADER_HEIGHT,
  ROW_HEIGHT as GRID_ROW_HEIGHT,
} from '../../registry/grid/model/constants';

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
 * Layout shared by every contender: the grid's box, column width, and the row and header
 * heights of the product's grid at its default size (so every contender shows as many cells).
 */
export const GRID_HEIGHT = 600;
export const COLUMN_WIDTH = 120;
export const ROW_HEIGHT = GRID_ROW_HEIGHT.medium;
export const HEADER_HEIGHT = GRID_HEADER_HEIGHT.medium;
/** Rows fully visible in the body (less a scrollbar's room): the mount check and scroll step. */
export const VISIBLE_ROWS = Math.floor((GRID_HEIGHT - HEADER_HEIGHT - 20) / ROW_HEIGHT);

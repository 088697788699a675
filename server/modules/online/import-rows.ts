import type { SqlValue } from './coerce';
import type { TextMap } from '../../http/sheet/cells';
import { serialText } from '../../http/sheet/cells';
import type { BadRow } from '../../http/sheet/error-file';
import type { Cell, SheetRow } from '../../http/sheet/read';
import type { OnlineColumn, OnlineTable } from './table';
import { checkRecord, uniqueColumns, uniqueKey } from './validate';

/**
 * Spreadsheet rows → checked values, the way `add` checks a body: the header row names the
 * fields (by label, or by field name), dictionary texts become codes, Excel serial dates
 * become dates, and unique fields may not repeat within the file (also with the page's rules
 * off: a repeated value would break what the table promises, or refuse the whole file).
 */

/** Rows searched for the header. */
const HEADER_SEARCH = 10;

export interface CheckedRow {
  readonly number: number;
  readonly cells: readonly Cell[];
  readonly values: readonly (SqlValue | undefined)[];
}

interface Reverse {
  readonly byText: ReadonlyMap<string, string>;
  readonly values: ReadonlySet<string>;
}

function isBlank(cell: Cell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

export class RowChecker {
  /** Column of each header cell (by position); null for cells naming nothing we write. */
  private columns: (OnlineColumn | null)[] | null = null;
  private headerCells: readonly Cell[] = [];
  private readonly reverse = new Map<OnlineColumn, Reverse>();
  private readonly unique: readonly OnlineColumn[];
  private readonly seen = new Map<OnlineColumn, Map<string, number>>();
  private searched = 0;

  constructor(
    private readonly table: OnlineTable,
    texts: ReadonlyMap<string, TextMap>,
    private readonly timeZone: string,
    /** The page's required and pattern rules apply (是否开启校验: 是). */
    private readonly rules = true,
  ) {
    for (const column of table.writable) {
      const map = texts.get(column.name);
      if (!map) continue;
      const byText = new Map<string, string>();
      for (const [value, text] of map) if (!byText.has(text)) byText.set(text, value);
      this.reverse.set(column, { byText, values: new Set(map.keys()) });
    }
    this.unique = uniqueColumns(table);
    for (const column of this.unique) this.seen.set(column, new Map());
  }

  get header(): readonly Cell[] {
    return this.headerCells;
  }

  /** Looks for the header among the first rows; false while still looking. */
  findHeader(row: SheetRow): boolean {
    this.searched++;
    const names = new Map<string, OnlineColumn>();
    for (const c of this.table.writable) names.set(c.name, c);
    for (const c of this.table.writable) names.set(c.label, c); // labels win
    const columns = row.cells.map((cell) =>
      typeof cell === 'string' ? (names.get(cell.trim()) ?? null) : null,
    );
    if (columns.some((c) => c !== null)) {
      this.columns = columns;
      this.headerCells = row.cells;
      return true;
    }
    return false;
  }

  get headerFound(): boolean {
    return this.columns !== null;
  }

  get gaveUp(): boolean {
    return this.columns === null && this.searched >= HEADER_SEARCH;
  }

  /** A data row: null when blank, else its values or its problems. */
  check(row: SheetRow): CheckedRow | BadRow | null {
    if (row.cells.every(isBlank)) return null;
    const input: Record<string, unknown> = {};
    const problems: string[] = [];
    this.columns!.forEach((column, i) => {
      const cell = row.cells[i] ?? null;
      if (!column || isBlank(cell)) return;
      const converted = this.inputOf(column, cell!);
      if ('problem' in converted) problems.push(converted.problem);
      else input[column.name] = converted.value;
    });
    const { values, errors } = checkRecord(this.table, input, 'add', this.timeZone, this.rules);
    problems.push(...errors);
    for (const column of this.unique) {
      const value = values[this.table.writable.indexOf(column)];
      if (value === undefined || value === null) continue;
      const key = uniqueKey(column, value);
      const first = this.seen.get(column)!.get(key);
      if (first !== undefined) {
        problems.push(`${column.label}的值在文件中重复（与第${first}行相同）`);
      } else {
        this.seen.get(column)!.set(key, row.number);
      }
    }
    if (problems.length > 0) {
      return { number: row.number, cells: row.cells, message: problems.join('；') };
    }
    return { number: row.number, cells: row.cells, values };
  }

  /** The cell as `add` would receive it: codes for texts, wall-clock text for dates. */
  private inputOf(column: OnlineColumn, cell: Cell): { value: unknown } | { problem: string } {
    if (column.type === 'date' || column.type === 'datetime') {
      if (typeof cell === 'number' || cell instanceof Date) {
        return { value: serialText(cell, column.type === 'datetime') };
      }
    }
    const reverse = this.reverse.get(column);
    if (!reverse) return { value: cell instanceof Date ? serialText(cell, true) : cell };
    const text = String(cell).trim();
    const whole = reverse.byText.get(text) ?? (reverse.values.has(text) ? text : undefined);
    if (whole !== undefined) return { value: whole };
    const codes: string[] = [];
    for (const item of text.split(/[,，]/).map((s) => s.trim())) {
      const code = reverse.byText.get(item) ?? (reverse.values.has(item) ? item : undefined);
      if (code === undefined) return { problem: `${column.label}的值“${item}”不在可选项中` };
      codes.push(code);
    }
    return { value: codes.join(',') };
  }
}

export function isBad(row: CheckedRow | BadRow): row is BadRow {
  return 'message' in row;
}

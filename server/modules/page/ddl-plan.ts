import type { PageProblem, TableDefinition } from '../../../src/contracts/page';
import { STANDARD_COLUMNS, TREE_COLUMNS } from '../../../src/contracts/page-validate';
import {
  ONLINE_TABLE_COMMENT,
  RESERVED_TABLE_PREFIXES,
  addColumn,
  addTreeColumn,
  alterColumnType,
  columnSpec,
  commentOnColumn,
  commentOnTable,
  createIndex,
  createTable,
  dropColumn,
  dropIndex,
  indexSpec,
  isSafeName,
  setNullable,
  type ColumnSpec,
  type DdlStep,
  type IndexSpec,
} from './ddl';
import { typeChange } from './ddl-rules';

/**
 * The DDL planner: from the table as it is (or null) and the table a definition declares, the
 * statements that bring one to the other — or the reasons it must not. Pure: nothing runs here.
 */

/** A table as it is: its own columns (not the standard ones), indexes other than the key. */
export interface TableState {
  readonly name: string;
  readonly columns: readonly ColumnSpec[];
  readonly indexes: readonly IndexSpec[];
}

export interface PlanOptions {
  /** JSON pointer of the table in the definition (`/table`, `/details/0/table`). */
  readonly base: string;
  /** A tree list: the table also has `pid` and `has_child`. */
  readonly tree: boolean;
  /** Columns the author agreed to drop. */
  readonly confirmDropColumns: readonly string[];
}

export interface TablePlan {
  readonly table: string;
  readonly steps: readonly DdlStep[];
  /** Every column the plan drops (or would drop, once confirmed). */
  readonly dropColumns: readonly string[];
  /** Drops not confirmed yet: the save is refused while any remain. */
  readonly unconfirmedDrops: readonly string[];
  /** Why the change must not be made; no steps when there are any. */
  readonly problems: readonly PageProblem[];
}

const STANDARD = new Set(STANDARD_COLUMNS);
const TREE = new Set(TREE_COLUMNS);

/** The state a table would have if created from this definition (tests, previews). */
export function stateOf(table: TableDefinition, tree = false): TableState {
  const columns = table.columns.map(columnSpec);
  if (tree) {
    for (const name of TREE_COLUMNS) {
      columns.push({
        name,
        type: 'string',
        length: name === 'pid' ? 32 : 1,
        precision: null,
        scale: null,
        nullable: true,
        comment: null,
        sqlType: name === 'pid' ? 'varchar(32)' : 'varchar(1)',
      });
    }
  }
  return { name: table.name, columns, indexes: (table.indexes ?? []).map(indexSpec) };
}

/** Names and reserved words: checked again here, whatever validated the definition before. */
export function nameProblems(next: TableDefinition, options: PlanOptions): PageProblem[] {
  const { base, tree } = options;
  const problems: PageProblem[] = [];
  if (!isSafeName(next.name)) {
    problems.push({ path: `${base}/name`, message: `表名 ${JSON.stringify(next.name)} 不合法` });
  } else if (RESERVED_TABLE_PREFIXES.some((p) => next.name.startsWith(p))) {
    problems.push({
      path: `${base}/name`,
      message: `表名不能以 ${RESERVED_TABLE_PREFIXES.join('、')} 开头（系统保留）`,
    });
  }
  next.columns.forEach((column, i) => {
    if (!isSafeName(column.name)) {
      problems.push({
        path: `${base}/columns/${i}/name`,
        message: `列名 ${JSON.stringify(column.name)} 不合法`,
      });
    } else if (STANDARD.has(column.name) || (tree && TREE.has(column.name))) {
      problems.push({
        path: `${base}/columns/${i}/name`,
        message: `${column.name} 是系统自动添加的列，不能再声明`,
      });
    }
  });
  (next.indexes ?? []).forEach((index, i) => {
    if (!isSafeName(index.name)) {
      problems.push({
        path: `${base}/indexes/${i}/name`,
        message: `索引名 ${JSON.stringify(index.name)} 不合法`,
      });
    }
    index.columns.forEach((column, c) => {
      if (!isSafeName(column)) {
        problems.push({
          path: `${base}/indexes/${i}/columns/${c}`,
          message: `列名 ${JSON.stringify(column)} 不合法`,
        });
      }
    });
  });
  return problems;
}

function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return (
    a.unique === b.unique &&
    a.columns.length === b.columns.length &&
    a.columns.every((c, i) => c === b.columns[i])
  );
}

function createPlan(next: TableDefinition, columns: ColumnSpec[], options: PlanOptions) {
  const steps: DdlStep[] = [
    createTable(next.name, columns, options.tree),
    commentOnTable(next.name, ONLINE_TABLE_COMMENT),
  ];
  for (const column of columns) {
    if (column.comment !== null)
      steps.push(commentOnColumn(next.name, column.name, column.comment));
  }
  for (const index of (next.indexes ?? []).map(indexSpec)) {
    steps.push(createIndex(next.name, index));
  }
  return steps;
}

/** Column changes of an existing table; refusals go to `problems`. */
function alterColumns(
  current: TableState,
  next: TableDefinition,
  columns: readonly ColumnSpec[],
  options: PlanOptions,
  problems: PageProblem[],
): DdlStep[] {
  const table = next.name;
  const steps: DdlStep[] = [];
  const existing = new Map(current.columns.map((c) => [c.name, c]));
  columns.forEach((column, i) => {
    const before = existing.get(column.name);
    if (!before) {
      steps.push(addColumn(table, column));
      if (column.comment !== null) steps.push(commentOnColumn(table, column.name, column.comment));
      return;
    }
    const change = typeChange(before, column);
    if (change.kind === 'refuse') {
      problems.push({ path: `${options.base}/columns/${i}/type`, message: change.message });
      return;
    }
    if (change.kind === 'alter') steps.push(alterColumnType(table, column));
    if (before.nullable !== column.nullable) {
      steps.push(setNullable(table, column.name, column.nullable));
    }
    if (before.comment !== column.comment) {
      steps.push(commentOnColumn(table, column.name, column.comment));
    }
  });
  if (options.tree) {
    for (const name of TREE_COLUMNS as ('pid' | 'has_child')[]) {
      if (!existing.has(name)) steps.push(addTreeColumn(table, name));
    }
  }
  return steps;
}

/**
 * Plans the change of one table. `current` is the table as it is in the database (null when it
 * does not exist yet). A renamed table is not this planner's concern: the caller refuses it.
 */
export function planTable(
  current: TableState | null,
  next: TableDefinition,
  options: PlanOptions,
): TablePlan {
  const refused = (problems: PageProblem[]): TablePlan => ({
    table: next.name,
    steps: [],
    dropColumns: [],
    unconfirmedDrops: [],
    problems,
  });
  const named = nameProblems(next, options);
  if (named.length > 0) return refused(named);
  const columns = next.columns.map(columnSpec);
  if (!current) {
    return { ...refused([]), steps: createPlan(next, columns, options) };
  }

  const problems: PageProblem[] = [];
  const wanted = new Set(columns.map((c) => c.name));
  // Objects someone made by hand under names we would not write are left alone.
  const dropColumns = current.columns
    .map((c) => c.name)
    .filter(
      (name) => isSafeName(name) && !wanted.has(name) && !STANDARD.has(name) && !TREE.has(name),
    );
  const confirmed = new Set(options.confirmDropColumns);
  const unconfirmedDrops = dropColumns.filter((name) => !confirmed.has(name));

  const nextIndexes = (next.indexes ?? []).map(indexSpec);
  const currentIndexes = new Map(current.indexes.map((i) => [i.name, i]));
  const keptIndexes = new Set(
    nextIndexes.filter((i) => {
      const before = currentIndexes.get(i.name);
      return before !== undefined && sameIndex(before, i);
    }),
  );
  const keptNames = new Set([...keptIndexes].map((i) => i.name));

  const steps: DdlStep[] = [];
  // Indexes go first (a dropped column takes its indexes with it), new ones last.
  for (const index of current.indexes) {
    if (!keptNames.has(index.name) && isSafeName(index.name)) {
      steps.push(dropIndex(next.name, index.name));
    }
  }
  for (const name of dropColumns) steps.push(dropColumn(next.name, name));
  steps.push(...alterColumns(current, next, columns, options, problems));
  for (const index of nextIndexes) {
    if (!keptIndexes.has(index)) steps.push(createIndex(next.name, index));
  }
  if (problems.length > 0) return { ...refused(problems), dropColumns, unconfirmedDrops };
  return { table: next.name, steps, dropColumns, unconfirmedDrops, problems: [] };
}

import { loadModule, parseSync, scanSync } from 'libpg-query';

/**
 * The read-only check of report SQL, on the real PostgreSQL parser (libpg-query): the text must
 * be one SELECT/WITH statement, with no `;`, no data-changing sub-statement, no INTO, no row
 * locking, no function of the deny-list and no system catalogue. Runs when a definition is
 * saved and again on every run, on the full statement the runner builds.
 */

export const MSG_REPORT_SQL_INVALID = '报表SQL无法解析，请检查语法';
export const MSG_REPORT_SQL_SINGLE = '报表SQL只能是一条语句，不能包含分号';
export const MSG_REPORT_SQL_SELECT = '报表SQL只能是一条 SELECT 或 WITH 查询语句';
export const MSG_REPORT_SQL_READONLY = '报表SQL只能查询数据，不能包含修改数据或加锁的语句';
export const MSG_REPORT_SQL_INTO = '报表SQL不能使用 SELECT … INTO';
export const msgReportSqlFunction = (name: string) => `报表SQL不能调用函数 ${name}`;
export const msgReportSqlRelation = (name: string) => `报表SQL不能查询系统表 ${name}`;
export const msgReportParamQuoted = (name: string) =>
  `报表参数 \${${name}} 须写在引号之外（例如 name like '%' || \${${name}} || '%'）`;

/** Functions that sleep, reach outside the database, read files, or change server state. */
const DENIED_FUNCTIONS: readonly RegExp[] = [
  /^pg_sleep/,
  /^dblink/,
  /^lo_/,
  /^pg_read_/,
  /^pg_ls_/,
  /^pg_stat_file$/,
  /^pg_file_/,
  /^pg_terminate_backend$/,
  /^pg_cancel_backend$/,
  /^pg_reload_conf$/,
  /^pg_rotate_logfile$/,
  /^pg_advisory/,
  /^pg_try_advisory/,
  /^pg_notify$/,
  /^pg_logical_/,
  /^pg_replication_/,
  /^pg_create_/,
  /^pg_drop_/,
  /^pg_switch_wal$/,
  /^pg_backup_/,
  /^set_config$/,
  /^current_setting$/,
  /^nextval$/,
  /^setval$/,
  // These run a query given as text, out of reach of this check.
  /^(query|cursor|table|schema|database)_to_xml/,
  /^(query|cursor|table|schema|database)_to_xmlschema/,
];

/** Node types that change data or take locks, wherever they sit in the tree. */
const DENIED_NODES = new Set([
  'InsertStmt',
  'UpdateStmt',
  'DeleteStmt',
  'MergeStmt',
  'lockingClause',
]);

export class ReportSqlError extends Error {}

let loaded: Promise<void> | null = null;
/** The parser is WebAssembly: load it once, on first use. */
async function parser(): Promise<void> {
  loaded ??= loadModule();
  await loaded;
}

function deniedFunction(name: string): boolean {
  const lower = name.toLowerCase();
  return DENIED_FUNCTIONS.some((pattern) => pattern.test(lower));
}

/** Last name of a qualified name list (`pg_catalog.pg_sleep` → `pg_sleep`). */
function lastName(names: unknown): string {
  if (!Array.isArray(names) || names.length === 0) return '';
  const last = names.at(-1) as { String?: { sval?: string } };
  return last.String?.sval ?? '';
}

/** Walks every node of the tree; throws on the first refused one. Returns the ParamRef numbers. */
function walk(node: unknown, params: Set<number>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, params);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (DENIED_NODES.has(key)) throw new ReportSqlError(MSG_REPORT_SQL_READONLY);
    if (key === 'intoClause') throw new ReportSqlError(MSG_REPORT_SQL_INTO);
    if (key === 'FuncCall') {
      const name = lastName((value as { funcname?: unknown }).funcname);
      if (deniedFunction(name)) throw new ReportSqlError(msgReportSqlFunction(name));
    }
    if (key === 'RangeVar') {
      const { relname = '', schemaname = '' } = value as { relname?: string; schemaname?: string };
      const schema = schemaname.toLowerCase();
      if (
        relname.toLowerCase().startsWith('pg_') ||
        schema === 'pg_catalog' ||
        schema === 'information_schema'
      ) {
        throw new ReportSqlError(
          msgReportSqlRelation(schemaname ? `${schemaname}.${relname}` : relname),
        );
      }
    }
    if (key === 'ParamRef') params.add((value as { number?: number }).number ?? 0);
    walk(value, params);
  }
}

/**
 * Checks one statement; answers the positional parameters it uses. Throws ReportSqlError with
 * the user-facing reason when it is refused.
 */
export async function checkReadOnlySelect(text: string): Promise<Set<number>> {
  await parser();
  let tree: { stmts?: { stmt?: Record<string, unknown> }[] };
  try {
    // A `;` anywhere outside literals and comments is refused, even a trailing one.
    const { tokens } = scanSync(text);
    if (tokens.some((token) => token.text === ';')) throw new ReportSqlError(MSG_REPORT_SQL_SINGLE);
    tree = parseSync(text) as typeof tree;
  } catch (error) {
    if (error instanceof ReportSqlError) throw error;
    throw new ReportSqlError(MSG_REPORT_SQL_INVALID);
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) throw new ReportSqlError(MSG_REPORT_SQL_SINGLE);
  const statement = statements[0]!.stmt ?? {};
  if (Object.keys(statement).length !== 1 || !('SelectStmt' in statement)) {
    throw new ReportSqlError(MSG_REPORT_SQL_SELECT);
  }
  const params = new Set<number>();
  walk(statement, params);
  return params;
}

/** `${name}` in report SQL: a named parameter. */
const NAMED_PARAM = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

export interface CompiledReportSql {
  /** The SQL with every `${name}` replaced by a positional placeholder (`$1::text`). */
  readonly text: string;
  /** Parameter names in placeholder order ($1 is names[0]). */
  readonly names: readonly string[];
}

/**
 * Replaces named parameters by positional placeholders (the values are always bound, never
 * pasted into the text) and checks the result. `offset` is the number of placeholders before.
 */
export async function compileReportSql(source: string, offset = 0): Promise<CompiledReportSql> {
  const names: string[] = [];
  const text = source.replace(NAMED_PARAM, (_match, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `($${offset + index + 1}::text)`;
  });
  const used = await checkReadOnlySelect(text);
  names.forEach((name, index) => {
    // A placeholder inside quotes is text, not a parameter: its value would never be bound.
    if (!used.has(offset + index + 1)) throw new ReportSqlError(msgReportParamQuoted(name));
  });
  for (const number of used) {
    if (number <= offset || number > offset + names.length) {
      throw new ReportSqlError(MSG_REPORT_SQL_INVALID);
    }
  }
  return { text, names };
}

import { loadModule, parseSync, scanSync } from 'libpg-query';
import {
  ALLOWED_FUNCTIONS,
  ALLOWED_TYPES,
  ALLOWED_VALUE_FUNCTIONS,
  MAX_SIZE_ARGUMENT,
  NO_SUBQUERY_ARGUMENTS,
  SIZE_ARGUMENTS,
} from './sql-allowed';

/**
 * The read-only check of report SQL, on the real PostgreSQL parser (libpg-query): the text must
 * be one SELECT/WITH statement, with no `;`, no data-changing sub-statement, no INTO, no row
 * locking, only functions and casts of the allow-list (sql-allowed.ts), and tables named
 * without a schema. It answers the tables the SQL reads (a name a visible `WITH` defines is not
 * a table), for the caller to hold against what the author may read (readable.ts). Runs when a
 * definition is saved and again on every run, on the full statement the runner builds.
 */

export const MSG_REPORT_SQL_INVALID = '报表SQL无法解析，请检查语法';
export const MSG_REPORT_SQL_SINGLE = '报表SQL只能是一条语句，不能包含分号';
export const MSG_REPORT_SQL_SELECT = '报表SQL只能是一条 SELECT 或 WITH 查询语句';
export const MSG_REPORT_SQL_READONLY = '报表SQL只能查询数据，不能包含修改数据或加锁的语句';
export const MSG_REPORT_SQL_INTO = '报表SQL不能使用 SELECT … INTO';
export const msgReportSqlFunction = (name: string) => `报表SQL不能调用函数 ${name}`;
export const msgReportSqlRelation = (name: string) => `报表SQL不能查询系统表 ${name}`;
export const msgReportSqlSchema = (name: string) => `报表SQL中的表名不能带模式：${name}`;
export const msgReportSqlType = (name: string) => `报表SQL不能转换为类型 ${name}`;
export const msgReportSqlSize = (name: string) =>
  `报表SQL中 ${name} 的长度须是不超过 ${MAX_SIZE_ARGUMENT} 的数字`;
export const msgReportSqlTable = (name: string) =>
  `报表SQL不能查询表 ${name}：只能查询您有列表权限（且不受数据权限规则限制）的表`;
export const msgReportSqlSubquery = (name: string) => `报表SQL中 ${name} 的参数不能是子查询`;
export const msgReportParamQuoted = (name: string) =>
  `报表参数 \${${name}} 须写在引号之外（例如 name like '%' || \${${name}} || '%'）`;

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

/** Names of a qualified name list (`pg_catalog.count` → ['pg_catalog', 'count']). */
function namesOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => (item as { String?: { sval?: string } }).String?.sval ?? '');
}

/** `name`, or `pg_catalog.name`: nothing of another schema. */
function builtinName(list: unknown): { name: string; ok: boolean } {
  const names = namesOf(list).map((name) => name.toLowerCase());
  const name = names.at(-1) ?? '';
  return { name, ok: names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog') };
}

type Scope = ReadonlySet<string>;

interface FuncCallNode {
  readonly funcname?: unknown;
  readonly args?: unknown[];
}

/** A plain integer written in the SQL (`10`; not `'10'`, `$1` or `(select 10)`). */
function integerConstant(node: unknown): number | null {
  const value = (node as { A_Const?: { ival?: { ival?: number } } } | undefined)?.A_Const;
  if (!value?.ival) return null;
  // The parser leaves a zero out.
  return value.ival.ival ?? 0;
}

function containsSubquery(node: unknown): boolean {
  return JSON.stringify(node ?? null).includes('"SubLink"');
}

/**
 * One walk over the parse tree, keeping which `WITH` names are visible where: a non-recursive
 * `WITH` shows each name to the queries after it and to the body, a recursive one to all of
 * them. `with sys_user as (select * from sys_user)` reads the table, so scopes matter.
 */
class Walker {
  readonly params = new Set<number>();
  readonly tables = new Set<string>();

  visit(node: unknown, scope: Scope): void {
    if (Array.isArray(node)) {
      for (const item of node) this.visit(item, scope);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (DENIED_NODES.has(key)) throw new ReportSqlError(MSG_REPORT_SQL_READONLY);
      if (key === 'intoClause') throw new ReportSqlError(MSG_REPORT_SQL_INTO);
      switch (key) {
        case 'SelectStmt':
          this.select(value as Record<string, unknown>, scope);
          continue;
        case 'RangeVar':
          this.relation(value as { relname?: string; schemaname?: string }, scope);
          continue;
        case 'FuncCall':
          this.call(value as FuncCallNode);
          break;
        case 'typeName':
          this.type(value as { names?: unknown });
          break;
        case 'SQLValueFunction': {
          const op = (value as { op?: string }).op ?? '';
          if (!ALLOWED_VALUE_FUNCTIONS.has(op)) {
            throw new ReportSqlError(msgReportSqlFunction(op.replace(/^SVFOP_/, '')));
          }
          break;
        }
        case 'ParamRef':
          this.params.add((value as { number?: number }).number ?? 0);
          break;
      }
      this.visit(value, scope);
    }
  }

  private select(statement: Record<string, unknown>, outer: Scope): void {
    let scope = outer;
    const withClause = statement.withClause as
      | {
          ctes?: { CommonTableExpr?: { ctename?: string; ctequery?: unknown } }[];
          recursive?: boolean;
        }
      | undefined;
    if (withClause) {
      const ctes = (withClause.ctes ?? []).map((item) => item.CommonTableExpr ?? {});
      if (withClause.recursive) {
        scope = new Set([...outer, ...ctes.map((cte) => cte.ctename ?? '')]);
        for (const cte of ctes) this.visit(cte.ctequery, scope);
      } else {
        for (const cte of ctes) {
          this.visit(cte.ctequery, scope);
          scope = new Set([...scope, cte.ctename ?? '']);
        }
      }
    }
    for (const [key, value] of Object.entries(statement)) {
      if (key === 'withClause') continue;
      // The two sides of UNION / INTERSECT / EXCEPT are bare statements.
      if (key === 'larg' || key === 'rarg') this.select(value as Record<string, unknown>, scope);
      else this.visit({ [key]: value }, scope);
    }
  }

  private relation(node: { relname?: string; schemaname?: string }, scope: Scope): void {
    const { relname = '', schemaname = '' } = node;
    const schema = schemaname.toLowerCase();
    const qualified = schemaname ? `${schemaname}.${relname}` : relname;
    if (
      relname.toLowerCase().startsWith('pg_') ||
      schema === 'pg_catalog' ||
      schema === 'information_schema'
    ) {
      throw new ReportSqlError(msgReportSqlRelation(qualified));
    }
    // Tables are found by the report's search path only (readable.ts): no schema may be named.
    if (schemaname) throw new ReportSqlError(msgReportSqlSchema(qualified));
    if (!scope.has(relname)) this.tables.add(relname);
  }

  private call(node: FuncCallNode): void {
    const { name, ok } = builtinName(node.funcname);
    if (!ok || !ALLOWED_FUNCTIONS.has(name)) {
      throw new ReportSqlError(msgReportSqlFunction(namesOf(node.funcname).join('.')));
    }
    const sizeAt = SIZE_ARGUMENTS[name];
    if (sizeAt !== undefined) {
      const size = integerConstant(node.args?.[sizeAt]);
      // Nested, they multiply: repeat(repeat('x', 10000), 10000).
      const nested = Object.keys(SIZE_ARGUMENTS).some((inner) =>
        JSON.stringify(node.args ?? null).includes(`{"String":{"sval":"${inner}"}}`),
      );
      if (size === null || size > MAX_SIZE_ARGUMENT || nested) {
        throw new ReportSqlError(msgReportSqlSize(name));
      }
    }
    if (NO_SUBQUERY_ARGUMENTS.has(name) && containsSubquery(node.args)) {
      throw new ReportSqlError(msgReportSqlSubquery(name));
    }
  }

  private type(node: { names?: unknown }): void {
    const { name, ok } = builtinName(node.names);
    if (!ok || !ALLOWED_TYPES.has(name)) {
      throw new ReportSqlError(msgReportSqlType(namesOf(node.names).join('.')));
    }
  }
}

/** What the check found in a statement it let through. */
export interface CheckedSelect {
  /** Numbers of the positional parameters (`$n`) it uses. */
  readonly params: ReadonlySet<number>;
  /** Tables (and views) it reads, by name; `WITH` names are not among them. */
  readonly tables: ReadonlySet<string>;
}

/**
 * Checks one statement; answers the parameters it uses and the tables it reads. Throws
 * ReportSqlError with the user-facing reason when it is refused.
 */
export async function checkReadOnlySelect(text: string): Promise<CheckedSelect> {
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
  const walker = new Walker();
  walker.visit(statement, new Set());
  return { params: walker.params, tables: walker.tables };
}

/** `${name}` in report SQL: a named parameter. */
const NAMED_PARAM = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** The tables one author may read (readable.ts): every name a report SQL may use. */
export interface ReportAccess {
  readonly tables: ReadonlySet<string>;
}

export interface CompiledReportSql {
  /** The SQL with every `${name}` replaced by a positional placeholder (`$1::text`). */
  readonly text: string;
  /** Parameter names in placeholder order ($1 is names[0]). */
  readonly names: readonly string[];
  /** Tables it reads (checkReadOnlySelect). */
  readonly tables: ReadonlySet<string>;
}

/**
 * Replaces named parameters by positional placeholders (the values are always bound, never
 * pasted into the text) and checks the result, its tables against what `access` may read.
 */
export async function compileReportSql(
  source: string,
  access: ReportAccess,
): Promise<CompiledReportSql> {
  const names: string[] = [];
  const text = source.replace(NAMED_PARAM, (_match, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `($${index + 1}::text)`;
  });
  const { params: used, tables } = await checkReadOnlySelect(text);
  names.forEach((name, index) => {
    // A placeholder inside quotes is text, not a parameter: its value would never be bound.
    if (!used.has(index + 1)) throw new ReportSqlError(msgReportParamQuoted(name));
  });
  for (const number of used) {
    if (number < 1 || number > names.length) {
      throw new ReportSqlError(MSG_REPORT_SQL_INVALID);
    }
  }
  for (const table of tables) {
    if (!access.tables.has(table)) throw new ReportSqlError(msgReportSqlTable(table));
  }
  return { text, names, tables };
}

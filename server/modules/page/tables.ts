import { sql, type Kysely } from 'kysely';
import type { PageDefinition, PageProblem, TableDefinition } from '../../../src/contracts/page';
import type { Database } from '../../db/schema';
import { ONLINE_TABLE_COMMENT } from './ddl';
import { nameProblems, planTable, type TablePlan } from './ddl-plan';
import { findRelation, missingStandardColumns, readTableState } from './introspect';

/**
 * The tables a page owns (its own and its detail tables) and the plans that bring the database
 * in line with a new definition: checks across versions (no rename, no removal), across pages
 * (one owner per table) and against the database (no system table), then the planner.
 */

type Queryable = Kysely<Database>;

export interface OwnedTable {
  /** JSON pointer of the table in the definition. */
  readonly base: string;
  /** '' for the page's own table, the detail code for a detail table. */
  readonly key: string;
  readonly table: TableDefinition;
  readonly tree: boolean;
}

export function ownedTables(page: PageDefinition): OwnedTable[] {
  const owned: OwnedTable[] = [];
  if (page.table) {
    owned.push({ base: '/table', key: '', table: page.table, tree: page.kind === 'tree-list' });
  }
  (page.details ?? []).forEach((detail, i) => {
    if (detail.table) {
      owned.push({
        base: `/details/${i}/table`,
        key: detail.code,
        table: detail.table,
        tree: false,
      });
    }
  });
  return owned;
}

/** Rules between the previous and the new definition, and within the new one. */
export function tableStructureProblems(
  next: PageDefinition,
  previous: PageDefinition | null,
): PageProblem[] {
  const problems: PageProblem[] = [];
  const owned = ownedTables(next);
  const seen = new Set<string>();
  for (const { base, table } of owned) {
    if (seen.has(table.name)) {
      problems.push({ path: `${base}/name`, message: `表名 ${table.name} 在页面中重复使用` });
    }
    seen.add(table.name);
  }
  if (!previous) return problems;
  const before = new Map(ownedTables(previous).map((t) => [t.key, t.table.name]));
  const mainBefore = before.get('');
  if (mainBefore !== undefined && !next.table) {
    problems.push({
      path: '/table',
      message: `不能移除页面的表 ${mainBefore}；如不再需要该页面，请删除页面（表和数据会保留）`,
    });
  }
  for (const { base, key, table } of owned) {
    const name = before.get(key);
    if (name !== undefined && name !== table.name) {
      problems.push({
        path: `${base}/name`,
        message: `不能修改表名（原表名 ${name}，新表名 ${table.name}）`,
      });
    }
  }
  return problems;
}

/** `table.column` for detail tables, the bare column for the page's own table. */
function qualify(owned: OwnedTable, column: string): string {
  return owned.key === '' ? column : `${owned.table.name}.${column}`;
}

function confirmedFor(owned: OwnedTable, confirm: readonly string[]): string[] {
  if (owned.key === '') return confirm.filter((c) => !c.includes('.'));
  const prefix = `${owned.table.name}.`;
  return confirm.filter((c) => c.startsWith(prefix)).map((c) => c.slice(prefix.length));
}

/** Another page that owns the table (as its own or a detail table), if any. */
async function otherOwner(db: Queryable, table: string, pageId: string | null) {
  const detail = JSON.stringify([{ table: { name: table } }]);
  let query = db
    .selectFrom('sys_page')
    .select(['code', 'title'])
    .where((eb) =>
      eb.or([
        eb('tableName', '=', table),
        eb(sql<boolean>`definition -> 'details' @> ${detail}::jsonb`, '=', true),
      ]),
    );
  if (pageId) query = query.where('id', '<>', pageId);
  return query.executeTakeFirst();
}

export interface PageTablesPlan {
  readonly problems: readonly PageProblem[];
  readonly plans: readonly (TablePlan & { readonly owned: OwnedTable })[];
  /** Columns the save would drop (`table.column` for detail tables). */
  readonly dropColumns: readonly string[];
  readonly unconfirmedDrops: readonly string[];
}

export interface PlanPageTablesInput {
  readonly next: PageDefinition;
  readonly previous: PageDefinition | null;
  /** The page being changed (null for a new one). */
  readonly pageId: string | null;
  readonly confirmDropColumns: readonly string[];
  /**
   * Tables not made by the page store that a page may take over (`DESIGNER_TABLES`): they
   * must have the standard columns the online calls read and write.
   */
  readonly adoptable?: ReadonlySet<string>;
}

/** Everything a save of `next` would do to the database, read but not changed. */
export async function planPageTables(
  db: Queryable,
  input: PlanPageTablesInput,
): Promise<PageTablesPlan> {
  const { next, previous, pageId } = input;
  const problems = tableStructureProblems(next, previous);
  const ownedBefore = new Set(previous ? ownedTables(previous).map((t) => t.table.name) : []);
  const plans: (TablePlan & { owned: OwnedTable })[] = [];
  for (const owned of ownedTables(next)) {
    const { table, base } = owned;
    const confirmDropColumns = confirmedFor(owned, input.confirmDropColumns);
    const options = { base, tree: owned.tree, confirmDropColumns };
    const named = nameProblems(table, options);
    if (named.length > 0) {
      problems.push(...named);
      continue;
    }
    const owner = await otherOwner(db, table.name, pageId);
    if (owner) {
      problems.push({
        path: `${base}/name`,
        message: `表 ${table.name} 已被页面 ${owner.code}（${owner.title}）使用`,
      });
      continue;
    }
    const relation = await findRelation(db, table.name);
    const adopted = relation?.kind === 'r' && (input.adoptable?.has(table.name) ?? false);
    const ours =
      relation?.kind === 'r' &&
      (relation.comment === ONLINE_TABLE_COMMENT || ownedBefore.has(table.name) || adopted);
    if (relation && !ours) {
      problems.push({
        path: `${base}/name`,
        message: `数据库中已有名为 ${table.name} 的${relation.kind === 'r' ? '表' : '对象'}，且不是在线表，请换一个表名`,
      });
      continue;
    }
    const state = relation ? await readTableState(db, table.name, relation) : null;
    if (relation && adopted && relation.comment !== ONLINE_TABLE_COMMENT) {
      const missing = await missingStandardColumns(db, relation);
      if (missing.length > 0) {
        problems.push({
          path: `${base}/name`,
          message: `表 ${table.name} 缺少系统列 ${missing.join('、')}，不能作为页面的表`,
        });
        continue;
      }
    }
    const plan = planTable(state, table, options);
    problems.push(...plan.problems);
    plans.push({ ...plan, owned });
  }
  const dropColumns = plans.flatMap((p) => p.dropColumns.map((c) => qualify(p.owned, c)));
  const unconfirmedDrops = plans.flatMap((p) => p.unconfirmedDrops.map((c) => qualify(p.owned, c)));
  return { problems, plans, dropColumns, unconfirmedDrops };
}

import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { failure } from '../../http/errors';
import { newId } from '../../ids';

/**
 * Grants of permissions to an owner — a role, a department or a department role — and the
 * data rules the owner chose on each granted menu. The three grant tables have the same shape
 * (`permission_id`, `data_rule_ids`), so one set of functions serves the three screens.
 * Callers publish `{kind: 'permissions'}` afterwards: every cached principal is stale.
 */

export interface GrantOwner {
  readonly table: 'sys_role_permission' | 'sys_depart_permission' | 'sys_depart_role_permission';
  /** The owner's column and id: `role_id` (roles and department roles) or `depart_id`. */
  readonly column: 'role_id' | 'depart_id';
  readonly id: string;
  /** Extra columns written with each new grant (a department role's `depart_id`). */
  readonly extra?: Readonly<Record<string, string>>;
  /** The table records when and from where (`operate_date`, `operate_ip`). */
  readonly audited?: boolean;
}

export const MSG_UNKNOWN_PERMISSION = '要授予的权限不存在或已删除';
export const MSG_OUTSIDE_DEPART = '部门角色只能授予该部门拥有的权限';
export const MSG_GRANT_FIRST = '请先保存该菜单的授权';
export const MSG_UNKNOWN_RULE = '数据规则不属于该菜单';

type Executor = Kysely<Database>;

/** The ids of a comma list, distinct, blanks dropped. */
export function idList(raw: string | null | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/** Permission ids the owner holds. */
export async function grantedIds(db: Executor, owner: GrantOwner): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select permission_id as id from ${sql.table(owner.table)}
    where ${sql.ref(owner.column)} = ${owner.id}`.execute(db.withoutPlugins());
  return rows.map((r) => r.id);
}

export interface GrantChange {
  readonly added: number;
  readonly removed: number;
}

/**
 * Applies what the user changed on the screen: grants `next − last`, withdraws `last − next`
 * (jeecg-api.md §4.4 `saveRolePermission`). Grants someone else made meanwhile are kept.
 * `allowed` limits what may be granted (a department role: its department's permissions).
 */
export async function applyGrantDiff(
  db: Db,
  owner: GrantOwner,
  next: readonly string[],
  last: readonly string[],
  options: { readonly allowed?: ReadonlySet<string>; readonly ip?: string | null } = {},
): Promise<GrantChange> {
  const nextSet = new Set(next);
  const lastSet = new Set(last);
  const add = [...nextSet].filter((id) => !lastSet.has(id));
  const remove = [...lastSet].filter((id) => !nextSet.has(id));
  if (add.length === 0 && remove.length === 0) return { added: 0, removed: 0 };
  if (options.allowed && add.some((id) => !options.allowed!.has(id))) {
    throw failure(MSG_OUTSIDE_DEPART);
  }
  return db.transaction().execute(async (tx) => {
    const raw = tx.withoutPlugins();
    if (add.length > 0) {
      const { rows } = await sql<{ id: string }>`
        select id from sys_permission where del_flag = 0 and id in (${sql.join(add)})`.execute(raw);
      if (rows.length !== add.length) throw failure(MSG_UNKNOWN_PERMISSION);
    }
    let removed = 0;
    if (remove.length > 0) {
      const result = await sql`
        delete from ${sql.table(owner.table)}
        where ${sql.ref(owner.column)} = ${owner.id} and permission_id in (${sql.join(remove)})`.execute(
        raw,
      );
      removed = Number(result.numAffectedRows ?? 0);
    }
    let added = 0;
    if (add.length > 0) {
      const extra = Object.entries(owner.extra ?? {});
      const columns = [
        'id',
        owner.column,
        'permission_id',
        ...extra.map(([name]) => name),
        ...(owner.audited ? ['operate_date', 'operate_ip'] : []),
      ];
      const values = add.map(
        (permissionId) =>
          sql`(${sql.join([
            newId(),
            owner.id,
            permissionId,
            ...extra.map(([, value]) => value),
            ...(owner.audited ? [new Date(), options.ip ?? null] : []),
          ])})`,
      );
      const result = await sql`
        insert into ${sql.table(owner.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        values ${sql.join(values)}
        on conflict do nothing`.execute(raw);
      added = Number(result.numAffectedRows ?? 0);
    }
    return { added, removed };
  });
}

/** A data rule as the authorisation screens show it. */
export interface RuleChoiceRow {
  readonly id: string;
  readonly permissionId: string;
  readonly ruleName: string;
  readonly ruleColumn: string | null;
  readonly ruleConditions: string;
  readonly ruleValue: string | null;
  readonly status: string;
}

/** `{ datarule, drChecked }`: the menu's enabled rules and those the owner chose. */
export async function dataRuleChoice(
  db: Db,
  owner: GrantOwner,
  permissionId: string,
): Promise<{ datarule: RuleChoiceRow[]; drChecked: string }> {
  const [rules, grant] = await Promise.all([
    db
      .selectFrom('sys_permission_data_rule')
      .select([
        'id',
        'permissionId',
        'ruleName',
        'ruleColumn',
        'ruleConditions',
        'ruleValue',
        'status',
      ])
      .where('permissionId', '=', permissionId)
      .where('status', '=', '1')
      .orderBy('createTime')
      .execute(),
    sql<{ dataRuleIds: string | null }>`
      select data_rule_ids as "dataRuleIds" from ${sql.table(owner.table)}
      where ${sql.ref(owner.column)} = ${owner.id} and permission_id = ${permissionId}`.execute(
      db.withoutPlugins(),
    ),
  ]);
  const known = new Set(rules.map((r) => r.id));
  const checked = idList(grant.rows[0]?.dataRuleIds).filter((id) => known.has(id));
  return { datarule: rules, drChecked: checked.join(',') };
}

/** Stores the rules the owner chose on a menu it holds; refuses rules of another menu. */
export async function saveDataRuleChoice(
  db: Db,
  owner: GrantOwner,
  permissionId: string,
  ruleIds: readonly string[],
): Promise<void> {
  if (ruleIds.length > 0) {
    const found = await db
      .selectFrom('sys_permission_data_rule')
      .select('id')
      .where('permissionId', '=', permissionId)
      .where('id', 'in', [...ruleIds])
      .execute();
    if (found.length !== new Set(ruleIds).size) throw failure(MSG_UNKNOWN_RULE);
  }
  const result = await sql`
    update ${sql.table(owner.table)} set data_rule_ids = ${ruleIds.length > 0 ? ruleIds.join(',') : null}
    where ${sql.ref(owner.column)} = ${owner.id} and permission_id = ${permissionId}`.execute(
    db.withoutPlugins(),
  );
  if (Number(result.numAffectedRows ?? 0) === 0) throw failure(MSG_GRANT_FIRST);
}

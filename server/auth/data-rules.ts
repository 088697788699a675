import { sql } from 'kysely';
import type { Db } from '../db/index';
import type { DataRule } from '../http/access';
import { splitCodes } from './codes';

/**
 * The data rules a user meets, by permission code (jeecg-api.md §4.4): every enabled rule that
 * one of the user's roles (or department roles) chose on a granted menu. A menu's rules are
 * filed under the menu's code and under the code of each of its buttons, so the list route
 * (`user:list`) and the writing routes (`user:edit`, `user:delete`) meet the same rules.
 * One statement; the result lives in the cached principal.
 */

interface RuleRow {
  readonly id: string;
  readonly name: string;
  readonly column: string | null;
  readonly condition: string;
  readonly value: string | null;
  readonly menuPerms: string | null;
  readonly buttonPerms: string | null;
}

export async function loadUserDataRules(
  db: Db,
  userId: string,
): Promise<ReadonlyMap<string, readonly DataRule[]>> {
  const { rows } = await sql<RuleRow>`
    with chosen as (
      select rp.permission_id, trim(unnest(string_to_array(rp.data_rule_ids, ','))) as rule_id
      from sys_role_permission rp
      join sys_user_role ur on ur.role_id = rp.role_id
      where ur.user_id = ${userId} and coalesce(rp.data_rule_ids, '') <> ''
      union
      select drp.permission_id, trim(unnest(string_to_array(drp.data_rule_ids, ',')))
      from sys_depart_role_permission drp
      join sys_depart_role dr on dr.id = drp.role_id
      join sys_depart_role_user dru on dru.drole_id = dr.id
      join sys_user_depart ud on ud.user_id = dru.user_id and ud.dep_id = dr.depart_id
      join sys_depart_permission dp
        on dp.depart_id = dr.depart_id and dp.permission_id = drp.permission_id
      where dru.user_id = ${userId} and coalesce(drp.data_rule_ids, '') <> ''
    )
    select distinct r.id, r.rule_name as name, r.rule_column as column,
      r.rule_conditions as condition, r.rule_value as value, m.perms as "menuPerms",
      (select string_agg(b.perms, ',') from sys_permission b
        where b.parent_id = m.id and b.menu_type = 2 and b.del_flag = 0) as "buttonPerms"
    from chosen c
    join sys_permission_data_rule r on r.id = c.rule_id and r.permission_id = c.permission_id
    join sys_permission m on m.id = r.permission_id
    where r.status = '1' and m.del_flag = 0
    order by r.id`.execute(db.withoutPlugins());

  const byCode = new Map<string, DataRule[]>();
  for (const row of rows) {
    const rule: DataRule = {
      id: row.id,
      name: row.name,
      column: row.column,
      condition: row.condition,
      value: row.value,
    };
    const codes = new Set([...splitCodes(row.menuPerms), ...splitCodes(row.buttonPerms)]);
    for (const code of codes) {
      const list = byCode.get(code) ?? [];
      list.push(rule);
      byCode.set(code, list);
    }
  }
  return byCode;
}

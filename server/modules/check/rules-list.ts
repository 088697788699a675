import { sql } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';

/** 校验规则 reads: the list (through the translator) and one rule by id, within the scope. */

export const CHECK_RULE_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    ruleName: { column: 'rule_name', type: 'string' },
    ruleCode: { column: 'rule_code', type: 'string' },
    ruleJson: { column: 'rule_json', type: 'string', sortable: false },
    ruleDescription: { column: 'rule_description', type: 'string' },
    createBy: { column: 'create_by', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
    updateTime: { column: 'update_time', type: 'datetime' },
  },
});

export const CHECK_RULE_SCOPE: ScopedEntity = {
  table: 'sys_check_rule',
  menuCode: 'checkRule:list',
  fields: CHECK_RULE_ENTITY,
  from: sql.table('sys_check_rule'),
  key: sql.ref('id'),
};

/** A record as the list answers it (a type, so the export takes it as a plain row). */
export type CheckRuleRow = {
  readonly id: string;
  readonly ruleName: string;
  readonly ruleCode: string;
  readonly ruleJson: string;
  readonly ruleDescription: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
};

type RawRow = Omit<CheckRuleRow, 'createTime' | 'updateTime'> & {
  createTime: Date | null;
  updateTime: Date | null;
};

const SELECT = sql`id, rule_name as "ruleName", rule_code as "ruleCode", rule_json as "ruleJson",
  rule_description as "ruleDescription", create_by as "createBy", create_time as "createTime",
  update_time as "updateTime"`;

const present = (row: RawRow, timeZone: string): CheckRuleRow => ({
  ...row,
  createTime: formatDateTime(row.createTime, timeZone),
  updateTime: formatDateTime(row.updateTime, timeZone),
});

export async function listCheckRules(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<CheckRuleRow>> {
  const query = translateListQuery(params, CHECK_RULE_ENTITY, options);
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    { select: SELECT, from: CHECK_RULE_SCOPE.from, where: scope.where },
    query,
  );
  return { ...page, records: page.records.map((r) => present(r, options.timeZone)) };
}

/** One rule; null when there is none, refused when the scope keeps it out. */
export async function checkRuleById(
  db: Db,
  id: string,
  scope: RowScope,
  timeZone: string,
): Promise<CheckRuleRow | null> {
  const { rows } = await sql<RawRow>`select ${SELECT} from sys_check_rule
    where id = ${id}`.execute(db.withoutPlugins());
  if (!rows[0]) return null;
  await scope.checkOne(id);
  return present(rows[0], timeZone);
}

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import { formatDateTime } from '../../http/time';

/**
 * The department record every 部门管理 answer is made of (docs/system-api.md, Departments),
 * read with raw SQL so the list translator can add its conditions to the same statement.
 */

export interface DepartRecord {
  readonly id: string;
  /** Null at the top level. */
  readonly parentId: string | null;
  readonly departName: string;
  readonly departNameEn: string | null;
  readonly departNameAbbr: string | null;
  readonly departOrder: number;
  readonly description: string | null;
  /** 1 company, 2 department, 3 post (dictionary `org_category`). */
  readonly orgCategory: string;
  /** 1 top level, 2 child. */
  readonly orgType: string | null;
  readonly orgCode: string;
  readonly mobile: string | null;
  readonly fax: string | null;
  readonly address: string | null;
  readonly memo: string | null;
  /** 1 on, 0 off (dictionary `depart_status`). */
  readonly status: string;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
  /** '1' when the department has sub-departments. */
  readonly hasChild: '0' | '1';
}

/** A row as the database answers it (times not yet formatted). */
export type RawDepart = Omit<DepartRecord, 'createTime' | 'updateTime'> & {
  readonly createTime: Date | null;
  readonly updateTime: Date | null;
};

/** The record's columns of `sys_depart d`. */
export const DEPART_COLUMNS = sql`d.id, d.parent_id as "parentId", d.depart_name as "departName",
  d.depart_name_en as "departNameEn", d.depart_name_abbr as "departNameAbbr",
  d.depart_order as "departOrder", d.description, d.org_category as "orgCategory",
  d.org_type as "orgType", d.org_code as "orgCode", d.mobile, d.fax, d.address, d.memo,
  d.status, d.create_by as "createBy", d.create_time as "createTime",
  d.update_time as "updateTime"`;

/** `hasChild` of `sys_depart d`, for answers that do not load the whole tree. */
export const HAS_CHILD = sql`case when exists (
    select 1 from sys_depart c where c.parent_id = d.id and c.del_flag = '0'
  ) then '1' else '0' end as "hasChild"`;

/** Departments that are not deleted (the table keeps `del_flag`; deletes are physical). */
export const LIVE = sql`d.del_flag = '0'`;

/** Sibling order of every tree answer. */
export const SIBLING_ORDER = sql`d.depart_order asc, d.org_code asc`;

export function toRecord(raw: RawDepart, timeZone: string): DepartRecord {
  return {
    ...raw,
    createTime: formatDateTime(raw.createTime, timeZone),
    updateTime: formatDateTime(raw.updateTime, timeZone),
  };
}

/** Every live department, siblings in tree order, with `hasChild` (from the list itself). */
export async function loadAllDeparts(
  db: Db,
  timeZone: string,
  /** The caller's row scope on departments (部门管理's tree); none for the pickers. */
  scope?: RawBuilder<SqlBool>,
): Promise<DepartRecord[]> {
  const { rows } = await sql<Omit<RawDepart, 'hasChild'>>`
    select ${DEPART_COLUMNS} from sys_depart d
    where ${LIVE} and ${scope ?? sql<SqlBool>`true`}
    order by ${SIBLING_ORDER}`.execute(db.withoutPlugins());
  const parents = new Set(rows.map((row) => row.parentId));
  return rows.map((row) =>
    toRecord({ ...row, hasChild: parents.has(row.id) ? '1' : '0' }, timeZone),
  );
}

/** The live department with this id, or undefined. */
export async function liveDepart(
  db: Db,
  id: string,
): Promise<{ id: string; parentId: string | null; orgCode: string } | undefined> {
  return db
    .selectFrom('sys_depart')
    .select(['id', 'parentId', 'orgCode'])
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

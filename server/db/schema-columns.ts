import type { ColumnType, Generated } from 'kysely';

/** Column types shared by the table types (schema.ts, schema-operations.ts). */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface Audit {
  createBy: string | null;
  createTime: Generated<Date>;
  updateBy: string | null;
  updateTime: Date | null;
}

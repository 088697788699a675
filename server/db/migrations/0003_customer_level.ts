import { sql, type Kysely } from 'kysely';

/**
 * The 客户等级 dictionary of the built-in 客户管理 page (schemas/demo_customer.json). Runs on
 * new and existing databases alike; a dictionary of that code already there is left alone.
 */
const DICT_ID = 'd1c7c0de000000000000000000000003';
const ITEMS: readonly (readonly [value: string, text: string])[] = [
  ['1', '普通'],
  ['2', '重要'],
  ['3', 'VIP'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const inserted = await sql<{ id: string }>`
    insert into sys_dict (id, dict_name, dict_code, description, type, create_by)
    values (${DICT_ID}, '客户等级', 'customer_level', '客户管理页面的客户等级', 0, 'system')
    on conflict (dict_code) do nothing
    returning id`.execute(db);
  if (inserted.rows.length === 0) return;
  for (const [index, [value, text]] of ITEMS.entries()) {
    await sql`
      insert into sys_dict_item (id, dict_id, item_text, item_value, sort_order, create_by)
      values (${`${DICT_ID.slice(0, 30)}${index + 1}0`}, ${DICT_ID}, ${text}, ${value},
              ${index + 1}, 'system')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_dict where id = ${DICT_ID}`.execute(db);
}

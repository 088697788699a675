import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * One verb for creating a record everywhere: 新增 (the toolbar's word). Installs made earlier
 * named the add buttons of their menus 添加 (and the page editor's 新建页面), and the
 * operation-type dictionary said 添加; a fresh install gets the new names from the seed.
 * Names an administrator changed to something else stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    update sys_permission set name = '新增'
      where menu_type = 2 and name = '添加' and perms like '%:add';
    update sys_permission set name = '新增页面'
      where menu_type = 2 and name = '新建页面' and perms = 'lowcode:page:add';
    update sys_dict_item set item_text = '新增'
      where item_text = '添加'
        and dict_id in (select id from sys_dict where dict_code = 'operate_type');
    `,
  );
}

export async function down(): Promise<void> {
  // The names stay: administrators may have renamed buttons since.
}

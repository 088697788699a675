import { sql, type Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * 定时任务 (jeecg-api.md `sys_quartz_job`, API base `/sys/quartzJob`): jobs run by a handler
 * registered in server code (`job_class_name` holds its key), on a Quartz cron expression.
 * `next_fire_time` is the instant a running job fires next: the scheduler claims a firing by
 * moving it forward with a compare-and-set update, so several processes on one database fire
 * each instant once. Every run leaves a row in `sys_quartz_job_log`.
 * Adds the dictionary `quartz_status` (0 正常, -1 停止) and the screen 系统管理 → 定时任务 with
 * its buttons (granted to admin) on installs that have menus.
 */

const DICT_ID = 'd1c7c0de000000000000000000000015';
/** Item ids `…1501`, `…1502` (0003's items took the `…10` family). */
const ITEM_ID_PREFIX = 'd1c7c0de00000000000000000000150';
const STATUS_ITEMS: readonly (readonly [value: string, text: string])[] = [
  ['0', '正常'],
  ['-1', '停止'],
];

const SYSTEM: readonly ShippedMenu[] = [
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    icon: 'setting',
    children: [
      {
        name: '定时任务',
        url: '/isystem/quartz',
        component: 'system/QuartzJobList',
        icon: 'calendar',
        perms: 'quartz:list',
        buttons: [
          { name: '新增', perms: 'quartz:add' },
          { name: '编辑', perms: 'quartz:edit' },
          { name: '删除', perms: 'quartz:delete' },
          { name: '批量删除', perms: 'quartz:deleteBatch' },
          { name: '暂停', perms: 'quartz:pause' },
          { name: '启动', perms: 'quartz:resume' },
          { name: '立即执行', perms: 'quartz:execute' },
          { name: '日志', perms: 'quartz:log' },
        ],
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_quartz_job (
      id varchar(32) primary key,
      job_name varchar(100) not null,
      job_class_name varchar(100) not null,
      cron_expression varchar(200) not null,
      parameter text,
      description varchar(500),
      status smallint not null default -1,
      next_fire_time timestamptz,
      del_flag smallint not null default 0,
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz
    );
    create index idx_sys_quartz_job_due on sys_quartz_job (next_fire_time)
      where status = 0 and del_flag = 0;

    create table sys_quartz_job_log (
      id varchar(32) primary key,
      job_id varchar(32) not null,
      fire_time timestamptz not null,
      start_time timestamptz not null,
      end_time timestamptz,
      result varchar(20) not null,
      error varchar(1000),
      trigger varchar(10) not null
    );
    create index idx_sys_quartz_job_log_job on sys_quartz_job_log (job_id, start_time desc);
    `,
  );

  const inserted = await sql<{ id: string }>`
    insert into sys_dict (id, dict_name, dict_code, description, type, create_by)
    values (${DICT_ID}, '任务状态', 'quartz_status', '定时任务的运行状态', 1, 'system')
    on conflict (dict_code) do nothing
    returning id`.execute(db);
  if (inserted.rows.length > 0) {
    for (const [index, [value, text]] of STATUS_ITEMS.entries()) {
      await sql`
        insert into sys_dict_item (id, dict_id, item_text, item_value, sort_order, create_by)
        values (${`${ITEM_ID_PREFIX}${index + 1}`}, ${DICT_ID}, ${text}, ${value},
                ${index + 1}, 'system')`.execute(db);
    }
  }

  await syncShippedMenus(db, SYSTEM);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists sys_quartz_job_log; drop table if exists sys_quartz_job;',
  );
  await sql`delete from sys_dict_item where dict_id = ${DICT_ID}`.execute(db);
  await sql`delete from sys_dict where id = ${DICT_ID}`.execute(db);
}

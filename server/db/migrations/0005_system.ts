import type { Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncSeedMenus } from '../seed/menu-sync';
import { SEED_MENU } from '../seed/menu';

/**
 * System administration (jeecg-api.md §4.4–§4.9): data rules of menus, department permissions,
 * department roles with their users and permissions, positions and the category tree. Installs
 * seeded before this migration also get the menus and buttons added since (granted to the admin
 * role); a fresh database gets them from the seed, which runs after the migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_permission_data_rule (
      id varchar(32) primary key,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      rule_name varchar(50) not null,
      rule_column varchar(50),
      rule_conditions varchar(50) not null,
      rule_value varchar(300),
      status varchar(3) not null default '1',
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz
    );
    create index idx_sys_permission_data_rule_perm on sys_permission_data_rule(permission_id);

    create table sys_depart_permission (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      constraint uniq_sys_depart_permission unique (depart_id, permission_id)
    );
    create index idx_sys_depart_permission_perm on sys_depart_permission(permission_id);

    create table sys_depart_role (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      role_name varchar(100) not null,
      role_code varchar(100) not null,
      description varchar(255),
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_depart_role_code unique (depart_id, role_code)
    );

    create table sys_depart_role_user (
      id varchar(32) primary key,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      drole_id varchar(32) not null references sys_depart_role(id) on delete cascade,
      constraint uniq_sys_depart_role_user unique (user_id, drole_id)
    );
    create index idx_sys_depart_role_user_role on sys_depart_role_user(drole_id);

    create table sys_depart_role_permission (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      role_id varchar(32) not null references sys_depart_role(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      operate_date timestamptz,
      operate_ip varchar(100),
      constraint uniq_sys_depart_role_permission unique (role_id, permission_id)
    );
    create index idx_sys_depart_role_permission_perm on sys_depart_role_permission(permission_id);

    create table sys_position (
      id varchar(32) primary key,
      code varchar(100) not null,
      name varchar(100) not null,
      post_rank varchar(2),
      company_id varchar(32),
      sys_org_code varchar(64),
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_position_code unique (code)
    );

    create table sys_category (
      id varchar(36) primary key,
      pid varchar(36) not null default '0',
      name varchar(100) not null,
      code varchar(100) not null,
      sys_org_code varchar(64),
      has_child varchar(3) not null default '0',
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_category_code unique (code)
    );
    create index idx_sys_category_pid on sys_category(pid);
  `,
  );
  await syncSeedMenus(db, SEED_MENU);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop table sys_category, sys_position, sys_depart_role_permission, sys_depart_role_user,
      sys_depart_role, sys_depart_permission, sys_permission_data_rule`,
  );
}

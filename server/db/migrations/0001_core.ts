import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/** Core system tables: users, roles, menus/permissions, departments, dictionaries, sessions, logs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_depart (
      id varchar(32) primary key,
      parent_id varchar(32) references sys_depart(id) on delete cascade,
      depart_name varchar(100) not null,
      depart_name_en varchar(500),
      depart_name_abbr varchar(500),
      depart_order integer not null default 0,
      description text,
      org_category varchar(10) not null default '1',
      org_type varchar(10),
      org_code varchar(64) not null,
      mobile varchar(32),
      fax varchar(32),
      address varchar(100),
      memo varchar(500),
      status varchar(1) not null default '1',
      del_flag varchar(1) not null default '0',
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_depart_org_code unique (org_code)
    );
    create index idx_sys_depart_parent on sys_depart(parent_id);

    create table sys_user (
      id varchar(32) primary key,
      username varchar(100) not null,
      realname varchar(100) not null,
      password varchar(255) not null,
      avatar varchar(255),
      birthday date,
      sex smallint not null default 0,
      email varchar(45),
      phone varchar(45),
      org_code varchar(64),
      status smallint not null default 1,
      del_flag smallint not null default 0,
      work_no varchar(100),
      post varchar(100),
      telephone varchar(45),
      user_identity smallint not null default 1,
      depart_ids text,
      rel_tenant_ids varchar(100),
      login_fail_count integer not null default 0,
      locked_until timestamptz,
      password_changed_at timestamptz,
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_user_username unique (username),
      constraint uniq_sys_user_work_no unique (work_no),
      constraint uniq_sys_user_email unique (email),
      constraint uniq_sys_user_phone unique (phone)
    );
    create index idx_sys_user_org_code on sys_user(org_code);

    create table sys_role (
      id varchar(32) primary key,
      role_name varchar(200) not null,
      role_code varchar(100) not null,
      description varchar(255),
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_role_role_code unique (role_code)
    );

    create table sys_user_role (
      id varchar(32) primary key,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      role_id varchar(32) not null references sys_role(id) on delete cascade,
      constraint uniq_sys_user_role unique (user_id, role_id)
    );
    create index idx_sys_user_role_role on sys_user_role(role_id);

    create table sys_permission (
      id varchar(32) primary key,
      parent_id varchar(32) references sys_permission(id) on delete cascade,
      name varchar(100) not null,
      url varchar(255),
      component varchar(255),
      component_name varchar(100),
      redirect varchar(255),
      menu_type smallint not null check (menu_type in (0, 1, 2)),
      perms varchar(255),
      perms_type varchar(10) not null default '1' check (perms_type in ('1', '2')),
      sort_no numeric(8, 2) not null default 0,
      always_show boolean not null default false,
      icon varchar(100),
      is_route boolean not null default true,
      is_leaf boolean not null default true,
      keep_alive boolean not null default false,
      hidden boolean not null default false,
      hide_tab boolean not null default false,
      description text,
      del_flag smallint not null default 0,
      rule_flag smallint not null default 0,
      status varchar(2) not null default '1' check (status in ('0', '1')),
      internal_or_external boolean not null default false,
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz
    );
    create index idx_sys_permission_parent on sys_permission(parent_id);

    create table sys_role_permission (
      id varchar(32) primary key,
      role_id varchar(32) not null references sys_role(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      operate_date timestamptz,
      operate_ip varchar(100),
      constraint uniq_sys_role_permission unique (role_id, permission_id)
    );
    create index idx_sys_role_permission_perm on sys_role_permission(permission_id);

    create table sys_user_depart (
      id varchar(32) primary key,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      dep_id varchar(32) not null references sys_depart(id) on delete cascade,
      constraint uniq_sys_user_depart unique (user_id, dep_id)
    );
    create index idx_sys_user_depart_dep on sys_user_depart(dep_id);

    create table sys_dict (
      id varchar(32) primary key,
      dict_name varchar(100) not null,
      dict_code varchar(100) not null,
      description varchar(255),
      del_flag smallint not null default 0,
      type smallint not null default 0,
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_dict_code unique (dict_code)
    );

    create table sys_dict_item (
      id varchar(32) primary key,
      dict_id varchar(32) not null references sys_dict(id) on delete cascade,
      item_text varchar(100) not null,
      item_value varchar(100) not null,
      description varchar(255),
      sort_order integer not null default 0,
      status smallint not null default 1,
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_dict_item_value unique (dict_id, item_value)
    );

    create table sys_config (
      config_key varchar(100) primary key,
      config_value jsonb not null,
      update_time timestamptz not null default now()
    );

    create table sys_session (
      token_hash char(64) primary key,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      tenant_id integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ip varchar(64),
      user_agent varchar(500),
      response_public_key text
    );
    create index idx_sys_session_user on sys_session(user_id);
    create index idx_sys_session_expires on sys_session(expires_at);

    create table sys_log (
      id varchar(32) primary key,
      log_type smallint not null,
      log_content varchar(1000) not null,
      operate_type smallint,
      userid varchar(32),
      username varchar(100),
      ip varchar(100),
      method varchar(500),
      request_url varchar(255),
      request_param text,
      request_type varchar(10),
      cost_time bigint,
      create_by varchar(32),
      create_time timestamptz not null default now()
    );
    create index idx_sys_log_type_time on sys_log(log_type, create_time);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop table sys_log, sys_session, sys_config, sys_dict_item, sys_dict, sys_user_depart,
      sys_role_permission, sys_permission, sys_user_role, sys_role, sys_user, sys_depart`,
  );
}

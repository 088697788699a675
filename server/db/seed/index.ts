import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { BaseConfig } from '../../../src/contracts/config';
import { hashPassword } from '../../auth/password';
import { newId } from '../../ids';
import type { Database, SysDepartTable, SysPermissionTable } from '../schema';
import type { Db } from '../index';
import { SEED_DICTS } from './dicts';
import { SEED_MENU, STAFF_MENU_KEYS, type SeedMenu } from './menu';
import { insertSystemDemo } from './system-demo';
import {
  DEMO_DEPARTS,
  PRODUCTION_DEPARTS,
  demoUsers,
  type DemoUser,
  type SeedDepart,
} from './organisation';

export const DEMO_PASSWORD = '123456';
export const DEMO_USER_COUNT = 50;
/** `sys_config` key set (true) when the database was seeded with demo data. */
export const DEMO_DATA_KEY = 'demoData';

export const BASE_CONFIG: BaseConfig = {
  companyName: '星河科技',
  productName: 'Schema Admin',
  productSlogan: '以数据定义页面的低代码管理后台',
};

export interface SeedOptions {
  /** Demo data (demo users with the demo password) unless production. */
  readonly production: boolean;
  /** Production: the first admin password; generated when absent. */
  readonly adminPassword: string | null;
}

export interface SeedOutcome {
  /** False when the database already held data and nothing was written. */
  readonly seeded: boolean;
  /** Set only when a production admin password was generated: print it once. */
  readonly generatedAdminPassword: string | null;
}

type Tx = Transaction<Database>;

async function insertMenus(tx: Tx, menus: readonly SeedMenu[]): Promise<Map<string, string[]>> {
  /** menu key → ids of the menu row and its buttons */
  const idsByKey = new Map<string, string[]>();
  const rows: Insertable<SysPermissionTable>[] = [];
  const walk = (list: readonly SeedMenu[], parentId: string | null, depth: number) => {
    list.forEach((menu, index) => {
      const id = newId();
      const ids = [id];
      rows.push({
        id,
        parentId,
        name: menu.name,
        url: menu.url,
        component: menu.component,
        componentName: menu.componentName ?? null,
        redirect: menu.redirect ?? null,
        menuType: depth === 0 ? 0 : 1,
        perms: menu.perms ?? null,
        sortNo: index + 1,
        alwaysShow: menu.alwaysShow ?? false,
        icon: menu.icon ?? null,
        isRoute: menu.isRoute ?? true,
        isLeaf: !menu.children?.length && !menu.buttons?.length,
        keepAlive: menu.keepAlive ?? false,
        hidden: menu.hidden ?? false,
        internalOrExternal: menu.internalOrExternal ?? false,
        createBy: 'system',
      });
      (menu.buttons ?? []).forEach((button, buttonIndex) => {
        const buttonId = newId();
        ids.push(buttonId);
        rows.push({
          id: buttonId,
          parentId: id,
          name: button.name,
          menuType: 2,
          perms: button.perms,
          permsType: button.permsType ?? '1',
          status: button.status ?? '1',
          sortNo: buttonIndex + 1,
          isRoute: false,
          createBy: 'system',
        });
      });
      idsByKey.set(menu.key, ids);
      if (menu.children) walk(menu.children, id, depth + 1);
    });
  };
  walk(menus, null, 0);
  // Parents precede children in `rows`, so the foreign key holds row by row.
  await tx.insertInto('sys_permission').values(rows).execute();
  return idsByKey;
}

async function insertDeparts(tx: Tx, departs: readonly SeedDepart[]): Promise<Map<string, string>> {
  const idByCode = new Map<string, string>();
  const rows: Insertable<SysDepartTable>[] = [];
  const walk = (list: readonly SeedDepart[], parentId: string | null) => {
    list.forEach((d, index) => {
      const id = newId();
      idByCode.set(d.orgCode, id);
      rows.push({
        id,
        parentId,
        departName: d.name,
        orgCode: d.orgCode,
        orgCategory: d.category,
        orgType: parentId ? '2' : '1',
        departOrder: index,
        createBy: 'system',
      });
      if (d.children) walk(d.children, id);
    });
  };
  walk(departs, null);
  await tx.insertInto('sys_depart').values(rows).execute();
  return idByCode;
}

async function insertDicts(tx: Tx): Promise<void> {
  const dicts = SEED_DICTS.map((d) => ({ ...d, id: newId() }));
  await tx
    .insertInto('sys_dict')
    .values(
      dicts.map((d) => ({
        id: d.id,
        dictName: d.name,
        dictCode: d.code,
        type: d.type ?? 0,
        description: null,
        createBy: 'system',
      })),
    )
    .execute();
  await tx
    .insertInto('sys_dict_item')
    .values(
      dicts.flatMap((d) =>
        d.items.map(([value, text], index) => ({
          id: newId(),
          dictId: d.id,
          itemValue: value,
          itemText: text,
          description: null,
          sortOrder: index + 1,
          createBy: 'system',
        })),
      ),
    )
    .execute();
}

interface UserSeed {
  readonly username: string;
  readonly realname: string;
  readonly passwordHash: string;
  readonly orgCode: string;
  readonly roleId: string | null;
  readonly extra?: Partial<DemoUser>;
}

async function insertUsers(
  tx: Tx,
  users: readonly UserSeed[],
  departIds: ReadonlyMap<string, string>,
): Promise<void> {
  const rows = users.map((u) => ({ ...u, id: newId() }));
  await tx
    .insertInto('sys_user')
    .values(
      rows.map((u) => ({
        id: u.id,
        username: u.username,
        realname: u.realname,
        password: u.passwordHash,
        orgCode: u.orgCode,
        sex: u.extra?.sex ?? 0,
        status: u.extra?.status ?? 1,
        workNo: u.extra?.workNo ?? null,
        phone: u.extra?.phone ?? null,
        email: u.extra?.email ?? null,
        birthday: u.extra?.birthday ?? null,
        post: u.extra?.post ?? null,
        avatar: null,
        telephone: null,
        departIds: null,
        relTenantIds: null,
        createBy: 'system',
      })),
    )
    .execute();
  const roleRows = rows.filter((u) => u.roleId);
  if (roleRows.length > 0) {
    await tx
      .insertInto('sys_user_role')
      .values(roleRows.map((u) => ({ id: newId(), userId: u.id, roleId: u.roleId! })))
      .execute();
  }
  await tx
    .insertInto('sys_user_depart')
    .values(rows.map((u) => ({ id: newId(), userId: u.id, depId: departIds.get(u.orgCode)! })))
    .execute();
}

async function grant(tx: Tx, roleId: string, permissionIds: readonly string[]): Promise<void> {
  await tx
    .insertInto('sys_role_permission')
    .values(
      permissionIds.map((permissionId) => ({
        id: newId(),
        roleId,
        permissionId,
        dataRuleIds: null,
        operateDate: new Date(),
        operateIp: null,
      })),
    )
    .execute();
}

/**
 * Fills an empty database: menu and buttons, dictionaries, base configuration, the admin role
 * and user, and (outside production) the demo organisation with ~50 people and the read-only
 * staff role. Runs in one transaction; a database that already has users is left untouched.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedOutcome> {
  const existing = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false, generatedAdminPassword: null };

  const generatedAdminPassword =
    options.production && !options.adminPassword ? randomBytes(12).toString('base64url') : null;
  const adminPassword = options.production
    ? (options.adminPassword ?? generatedAdminPassword!)
    : DEMO_PASSWORD;
  // Demo people share one hash of the demo password: 50 scrypt runs would add seconds to the
  // first start for no gain (their password is public anyway). Real accounts get their own.
  const [adminHash, staffHash, demoHash] = await Promise.all([
    hashPassword(adminPassword),
    options.production ? Promise.resolve('') : hashPassword(DEMO_PASSWORD),
    options.production ? Promise.resolve('') : hashPassword(DEMO_PASSWORD),
  ]);

  await (db as Kysely<Database>).transaction().execute(async (tx) => {
    const menuIds = await insertMenus(tx, SEED_MENU);
    await insertDicts(tx);
    await tx
      .insertInto('sys_config')
      .values([
        { configKey: 'baseConfig', configValue: JSON.stringify(BASE_CONFIG) },
        // Built-in pages fill their tables with demo rows only in a demo database.
        ...(options.production ? [] : [{ configKey: DEMO_DATA_KEY, configValue: 'true' }]),
      ])
      .execute();

    const adminRoleId = newId();
    const roles = [
      {
        id: adminRoleId,
        roleName: '管理员',
        roleCode: 'admin',
        description: '拥有系统全部权限',
        createBy: 'system',
      },
    ];
    const staffRoleId = newId();
    if (!options.production) {
      roles.push({
        id: staffRoleId,
        roleName: '普通员工',
        roleCode: 'staff',
        description: '只读查看用户管理',
        createBy: 'system',
      });
    }
    await tx.insertInto('sys_role').values(roles).execute();
    await grant(tx, adminRoleId, [...menuIds.values()].flat());

    const departIds = await insertDeparts(
      tx,
      options.production ? PRODUCTION_DEPARTS : DEMO_DEPARTS,
    );
    const users: UserSeed[] = [
      {
        username: 'admin',
        realname: '管理员',
        passwordHash: adminHash,
        orgCode: 'A01',
        roleId: adminRoleId,
        extra: { sex: 1, workNo: 'XH0001' },
      },
    ];
    if (!options.production) {
      // Staff holds only the screen rows, never their buttons: read-only 用户管理.
      await grant(
        tx,
        staffRoleId,
        STAFF_MENU_KEYS.map((key) => menuIds.get(key)![0]!),
      );
      users.push({
        username: 'staff',
        realname: '陈静',
        passwordHash: staffHash,
        orgCode: 'A01A05',
        roleId: staffRoleId,
        extra: { sex: 2, workNo: 'XH0002', email: 'staff@xinghe.example.com', post: 'zhuanyuan' },
      });
      for (const person of demoUsers(DEMO_USER_COUNT)) {
        users.push({
          username: person.username,
          realname: person.realname,
          passwordHash: demoHash,
          orgCode: person.orgCode,
          roleId: staffRoleId,
          extra: person,
        });
      }
    }
    await insertUsers(tx, users, departIds);
    if (!options.production) {
      // The demo admin also belongs to the Shanghai branch, so the department switch has a choice.
      const admin = await tx
        .selectFrom('sys_user')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('sys_user_depart')
        .values({ id: newId(), userId: admin.id, depId: departIds.get('A02')! })
        .execute();
      await insertSystemDemo(tx, { userMenuId: menuIds.get('system.user')![0]!, departIds });
    }
  });
  return { seeded: true, generatedAdminPassword };
}

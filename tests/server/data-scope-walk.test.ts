import ExcelJS from 'exceljs';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitCodes } from '../../server/auth/codes';
import { LOWCODE_MENU, SEED_MENU, type SeedMenu } from '../../server/db/seed/menu';
import { ID_PATTERN } from '../../server/http/request-schemas';
import { onScopeConsulted, type ScopedEntity } from '../../server/http/row-scope';
import { newId } from '../../server/ids';
import { CATEGORY_PAGE } from '../support/online-fixtures';
import { createOnlinePage, multipartBody } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
import { plainValue } from '../support/route-inputs';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  signHeaders,
  type RouteInfo,
  type TestApp,
} from '../support/test-app';

/**
 * The route walk for data rules (issue 11, item 5). Every route of the app is checked twice:
 *
 * 1. **Declarations.** A route admitted with a screen's codes (a menu of the seed menu or its
 *    buttons; an online page's `online:{code}:…`) declares in `config.dataScope` the scoped
 *    entity it serves — one belonging to that screen — or why it touches none of its rows.
 *    An entity declaration needs a permission code: rules come from the code that admitted
 *    the call.
 * 2. **Behaviour.** A user holding every code of every screen, with a rule on each screen's
 *    menu hiding one row (`id != X`), calls every declared route with X wherever a request
 *    names a row (ids, parents, owners, codes; each entity the route declares in turn), and
 *    every list and export with no parameters. No answer may show a hidden row (each carries
 *    a marker text naming its table; a route is judged on the screens it declares — a user row
 *    may show the name of its department, 部门管理's rules are about 部门管理's rows), no hidden
 *    row may change, and every declared route must have asked the scoped-query helper
 *    (server/http/row-scope.ts) for its scope.
 */

const PASSWORD = 'Walk-pass-81';
const MARKER = 'WALKHIDDEN';

let t: TestApp;
let walker: string;
let routes: RouteInfo[];

/** One hidden row per screen: the menu's code, its main table and the row. */
interface Hidden {
  readonly menuCode: string;
  readonly table: string;
  /** The rule's field (a field of the menu's list) and the hidden row's value of it. */
  readonly field: string;
  readonly key: string;
  /** A code column value the routes name rows by (positions, pages), if any. */
  readonly code?: string;
}
const hidden = new Map<string, Hidden>();

/** Route → the entities whose scope it asked for. */
const consulted = new Map<string, Set<string>>();
const routeKey = (method: string, url: string) => `${method} ${url}`;

const raw = () => t.db.withoutPlugins();

async function one(query: RawBuilder<{ v: string }>): Promise<string> {
  const { rows } = await query.execute(raw());
  expect(rows[0], query.compile(raw()).sql).toBeDefined();
  return rows[0]!.v;
}

/** The marker text of a hidden row of this table. */
const markerOf = (table: string) => `${MARKER}_${table}`;

async function mark(table: string, column: string, key: string, keyColumn = 'id') {
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${markerOf(table)}
    where ${sql.ref(keyColumn)} = ${key}`.execute(raw());
}

const TREE = CATEGORY_PAGE.code;

/** A tree page: a root, a hidden child under it, and a visible child under the hidden one. */
async function treePage(): Promise<{ root: string; child: string }> {
  await createOnlinePage(t.db, t.ctx.bus, CATEGORY_PAGE);
  const [root, child, grandchild] = [newId(), newId(), newId()];
  for (const [id, pid, name] of [
    [root, '0', '根'],
    [child, root, markerOf(TREE)],
    [grandchild, child, '孙'],
  ]) {
    await sql`insert into ${sql.table(TREE)} (id, pid, name, has_child)
      values (${id}, ${pid}, ${name}, '0')`.execute(raw());
  }
  return { root, child };
}

async function addToMenu(code: string): Promise<string> {
  const admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const res = await call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code },
  });
  expect(res.body.success, res.text).toBe(true);
  return res.body.result.menuId;
}

/** The id (在线用户) of a fresh session of the demo user staff. */
async function staffSession(): Promise<string> {
  await login(t.app, 'staff', DEMO_PASSWORD);
  return one(sql`select s.id as v from sys_session s join sys_user u on u.id = s.user_id
    where u.username = 'staff' order by s.created_at desc limit 1`);
}

/** Chooses the rows to hide, marks them, and makes the walker. */
let treeRoot: string;

async function prepare(): Promise<void> {
  await addToMenu('demo_customer');
  await addToMenu('demo_purchase');
  const tree = await treePage();
  treeRoot = tree.root;
  await addToMenu(TREE);
  const notice = newId();
  await t.db
    .insertInto('sys_announcement')
    .values({ id: notice, titile: '走查通告', createBy: 'test' })
    .execute();
  await t.db
    .insertInto('sys_announcement')
    .values({ id: newId(), titile: '另一条通告', createBy: 'test' })
    .execute();

  const rows: Hidden[] = [
    {
      menuCode: 'user:list',
      table: 'sys_user',
      field: 'id',
      key: await one(sql`select id as v from sys_user where username not in ('admin', 'staff')
        and del_flag = 0 order by username limit 1`),
    },
    {
      menuCode: 'role:list',
      table: 'sys_role',
      field: 'id',
      key: await one(sql`select id as v from sys_role where role_code <> 'admin' limit 1`),
    },
    {
      menuCode: 'permission:list',
      table: 'sys_permission',
      field: 'id',
      key: await one(sql`select id as v from sys_permission where perms = 'user:list'`),
    },
    {
      menuCode: 'depart:list',
      table: 'sys_depart',
      field: 'id',
      key: await one(sql`select depart_id as v from sys_depart_role limit 1`),
    },
    {
      menuCode: 'dict:list',
      table: 'sys_dict',
      field: 'id',
      key: await one(sql`select id as v from sys_dict where dict_code = 'sex'`),
    },
    { menuCode: 'notice:list', table: 'sys_announcement', field: 'id', key: notice },
    {
      menuCode: 'position:list',
      table: 'sys_position',
      field: 'id',
      key: await one(sql`select id as v from sys_position where code = 'jingli'`),
      code: 'jingli',
    },
    {
      menuCode: 'category:list',
      table: 'sys_category',
      field: 'id',
      // Below a visible parent: deleting the parent would take it along.
      key: await one(sql`select id as v from sys_category where pid <> '0'
        order by code limit 1`),
    },
    {
      menuCode: 'checkRule:list',
      table: 'sys_check_rule',
      field: 'id',
      key: await one(sql`select id as v from sys_check_rule order by rule_code limit 1`),
    },
    {
      menuCode: 'quartz:list',
      table: 'sys_quartz_job',
      field: 'id',
      key: await one(sql`select id as v from sys_quartz_job order by job_name limit 1`),
    },
    {
      menuCode: 'lowcode:page:list',
      table: 'sys_page',
      field: 'code',
      key: 'sys_check_rule',
      code: 'sys_check_rule',
    },
    {
      menuCode: 'online:demo_customer:list',
      table: 'demo_customer',
      field: 'id',
      key: await one(sql`select id as v from demo_customer order by name limit 1`),
    },
    {
      menuCode: 'online:demo_purchase:list',
      table: 'demo_purchase',
      field: 'id',
      key: await one(sql`select purchase_id as v from demo_purchase_item limit 1`),
    },
    { menuCode: `online:${TREE}:list`, table: TREE, field: 'id', key: tree.child },
    {
      // 在线用户: staff's session (the walker must neither see nor end it).
      menuCode: 'online:user:list',
      table: 'sys_session',
      field: 'id',
      key: await staffSession(),
    },
    {
      // 日志管理: staff's sign-in row.
      menuCode: 'log:list',
      table: 'sys_log',
      field: 'id',
      key: await one(sql`select id as v from sys_log where log_type = 1 and username = 'staff'
        order by create_time desc limit 1`),
    },
  ];
  for (const row of rows) hidden.set(row.menuCode, row);

  const markers: [string, string][] = [
    ['sys_user', 'realname'],
    ['sys_role', 'role_name'],
    ['sys_permission', 'name'],
    ['sys_depart', 'depart_name'],
    ['sys_dict', 'dict_name'],
    ['sys_announcement', 'titile'],
    ['sys_position', 'name'],
    ['sys_category', 'name'],
    ['sys_check_rule', 'rule_name'],
    ['sys_quartz_job', 'job_name'],
    ['demo_customer', 'name'],
    ['demo_purchase', 'remark'],
    ['sys_log', 'log_content'],
  ];
  for (const [table, column] of markers) {
    await mark(table, column, rows.find((r) => r.table === table)!.key);
  }
  await mark('sys_page', 'title', 'sys_check_rule', 'code');
  await sql`update demo_purchase_item set product = ${markerOf('demo_purchase')}
    where purchase_id = ${hidden.get('online:demo_purchase:list')!.key}`.execute(raw());

  // The walker: every menu and button, with one rule per hidden screen on its menu.
  const roleId = newId();
  await t.db
    .insertInto('sys_role')
    .values({ id: roleId, roleName: '走查', roleCode: 'walker', createBy: 'test' })
    .execute();
  const menus = await t.db
    .selectFrom('sys_permission')
    .select(['id', 'perms', 'menuType'])
    .where('delFlag', '=', 0)
    .execute();
  for (const menu of menus) {
    const row = menu.menuType !== 2 && menu.perms ? hidden.get(menu.perms) : undefined;
    let ruleId: string | null = null;
    if (row) {
      ruleId = newId();
      await t.db
        .insertInto('sys_permission_data_rule')
        .values({
          id: ruleId,
          permissionId: menu.id,
          ruleName: '走查隐藏一行',
          ruleColumn: row.field,
          ruleConditions: '!=',
          ruleValue: row.key,
          createBy: 'test',
        })
        .execute();
    }
    await t.db
      .insertInto('sys_role_permission')
      .values({ id: newId(), roleId, permissionId: menu.id, dataRuleIds: ruleId })
      .execute();
  }
  await createUser(t.db, { username: 'walker', password: PASSWORD, roleCodes: ['walker'] });
  walker = await login(t.app, 'walker', PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  routes = t.routes.filter((r) => r.url.startsWith('/system/'));
  await prepare();
  onScopeConsulted((request, entity) => {
    const key = routeKey(request.method, request.routeOptions.url ?? '');
    const set = consulted.get(key) ?? new Set<string>();
    set.add(entity.table);
    consulted.set(key, set);
  });
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// 1. Declarations

/** Permission code → the list code of the screen (menu) it belongs to. */
function screenCodes(): Map<string, string> {
  const byCode = new Map<string, string>();
  const visit = (menu: SeedMenu) => {
    if (menu.perms) {
      for (const code of splitCodes(menu.perms)) byCode.set(code, menu.perms);
      for (const button of menu.buttons ?? []) {
        for (const code of splitCodes(button.perms)) byCode.set(code, menu.perms);
      }
    }
    for (const child of menu.children ?? []) visit(child);
  };
  for (const menu of [...SEED_MENU, LOWCODE_MENU]) visit(menu);
  return byCode;
}

describe('every route that a screen’s codes admit declares the rows it serves', () => {
  it('finds the screens and their routes', () => {
    const screens = new Set(screenCodes().values());
    expect(screens.size).toBeGreaterThanOrEqual(10);
    const declared = routes.filter((r) => r.dataScope?.kind === 'entity');
    expect(declared.length).toBeGreaterThan(80);
  });

  it('a route admitted with a screen’s code declares that screen’s entity, or why it touches none', () => {
    const screens = screenCodes();
    const problems: string[] = [];
    for (const route of routes) {
      const name = routeKey(route.method, route.url);
      const access = route.access;
      const scope = route.dataScope;
      if (access?.kind === 'permission-of') {
        if (!scope || (scope.kind !== 'page' && scope.kind !== 'named' && scope.kind !== 'none')) {
          problems.push(`${name}: a page or service route declares no page/named scope`);
        }
        continue;
      }
      if (scope?.kind === 'entity' && access?.kind !== 'permission') {
        problems.push(`${name}: declares an entity but no permission code admits it`);
        continue;
      }
      if (access?.kind !== 'permission') continue;
      const menus = new Set(access.codes.flatMap((c) => (screens.has(c) ? [screens.get(c)!] : [])));
      if (menus.size === 0) continue;
      if (!scope) {
        problems.push(`${name}: admitted by ${[...menus].join('/')} but declares no dataScope`);
      } else if (scope.kind === 'none') {
        if (scope.reason.trim() === '') problems.push(`${name}: noRowScope without a reason`);
      } else if (scope.kind !== 'entity') {
        problems.push(`${name}: a screen route declares ${scope.kind}`);
      } else if (!scope.entities.some((e: ScopedEntity) => menus.has(e.menuCode))) {
        problems.push(`${name}: declares ${scope.entities.map((e) => e.table)} of another screen`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Behaviour

interface WalkCall {
  readonly route: string;
  readonly method: HTTPMethods;
  readonly url: string;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  /** The tables whose hidden rows this route must not show (its declared screens). */
  readonly screens: readonly string[];
}

/** The text of an answer: JSON as sent, a workbook as its cells. */
async function answerText(payload: Buffer, type: string | undefined): Promise<string> {
  if (!type?.includes('spreadsheetml')) return payload.toString('utf8');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value ?? '')))),
  );
  return cells.join('\n');
}

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const row of hidden.values()) {
    const { rows } = await sql`select * from ${sql.table(row.table)}
      where ${sql.ref(row.field)} = ${row.key}`.execute(raw());
    parts.push(rows);
  }
  const { rows: items } = await sql`select * from demo_purchase_item
    where purchase_id = ${hidden.get('online:demo_purchase:list')!.key} order by id`.execute(raw());
  parts.push(items);
  return JSON.stringify(parts);
}

const successes = new Set<string>();
const failures: string[] = [];

async function walkStep(step: WalkCall): Promise<void> {
  const before = await snapshot();
  const search = step.query ? `?${new URLSearchParams(step.query).toString()}` : '';
  const url = `${step.url}${search}`;
  const res = await t.app.inject({
    method: step.method,
    url,
    headers: {
      'x-access-token': walker,
      ...signHeaders(url, { body: step.body }),
    },
    ...(step.body !== undefined ? { payload: step.body as object } : {}),
  });
  const text = await answerText(res.rawPayload, res.headers['content-type']?.toString());
  let success = res.statusCode === 200 && !text.startsWith('{');
  if (text.startsWith('{')) success = (JSON.parse(text) as { success?: boolean }).success === true;
  if (success) successes.add(step.route);
  const label = `${step.method} ${url} ${JSON.stringify(step.body ?? null)}`;
  for (const table of step.screens) {
    if (success && text.includes(markerOf(table))) {
      failures.push(`${label}: shows the hidden row of ${table}`);
    }
  }
  if (res.statusCode >= 500)
    failures.push(`${label}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
  if ((await snapshot()) !== before) failures.push(`${label}: changed a hidden row`);
}

/** Parameter names that name a row of another screen than the route's own. */
const OWNERS: Readonly<Record<string, string>> = {
  roleId: 'role:list',
  depId: 'depart:list',
  deptId: 'depart:list',
  departId: 'depart:list',
  dictId: 'dict:list',
  permissionId: 'permission:list',
  userId: 'user:list',
  userid: 'user:list',
  userIds: 'user:list',
  userIdList: 'user:list',
  anntId: 'notice:list',
};
/** Parameter names that name a row of the entity being walked. */
const OWN = new Set(['id', 'ids', 'pid', 'parentId', 'parentIds', 'code']);

/** A key of `entity` that its screen's rule hides (a row of it, or one of a hidden owner). */
async function hiddenKeyOf(entity: ScopedEntity): Promise<string | null> {
  const row = hidden.get(entity.menuCode);
  if (!row) return null;
  const field = entity.fields.fields.get(row.field);
  if (!field) return null;
  const { rows } = await sql<{ v: string }>`select ${entity.key} as v from ${entity.from}
    where ${field.target.ref} = ${row.key} limit 1`.execute(raw());
  return rows[0]?.v ?? null;
}

function ownValue(name: string, entity: ScopedEntity, key: string): string {
  const row = hidden.get(entity.menuCode)!;
  return name === 'code' && row.code ? row.code : key;
}

/** The request parts of a route for one walked entity. */
function fill(
  part: unknown,
  entity: ScopedEntity,
  key: string,
  all: boolean,
): Record<string, unknown> | undefined {
  const schema = part as
    { properties?: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
  if (!schema?.properties) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const required = schema.required?.includes(name) ?? false;
    if (OWN.has(name)) out[name] = ownValue(name, entity, key);
    else if (OWNERS[name] && hidden.has(OWNERS[name])) out[name] = hidden.get(OWNERS[name])!.key;
    else if (name === 'definition') out[name] = { code: ownValue('code', entity, key) };
    else if (required || all) out[name] = plainValue(prop);
    if (name === 'userIdList' && out[name] !== undefined) out[name] = [out[name]];
  }
  return out;
}

function concrete(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? 'x')),
  );
}

async function walkEntityRoute(route: RouteInfo): Promise<void> {
  if (route.dataScope?.kind !== 'entity') return;
  const schema = (route.schema ?? {}) as FastifySchema;
  const name = routeKey(route.method, route.url);
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const screens = route.dataScope.entities.flatMap((e) => {
    const row = hidden.get(e.menuCode);
    return row ? [row.table] : [];
  });
  // Every list and export with no parameters.
  if (route.method === 'GET' && !(schema.querystring as { required?: string[] })?.required) {
    if (!route.url.includes(':')) {
      await walkStep({ route: name, method: 'GET', url: route.url, screens });
    }
  }
  for (const entity of route.dataScope.entities) {
    const key = await hiddenKeyOf(entity);
    if (!key) continue;
    const params = fill(schema.params, entity, key, true);
    const query = fill(schema.querystring, entity, key, false);
    const body = fill(schema.body, entity, key, false);
    await walkStep({
      route: name,
      method: route.method,
      url: concrete(route.url, params),
      query: query as Record<string, string> | undefined,
      body: hasBody ? (body ?? {}) : undefined,
      screens,
    });
  }
}

/** The online and /bpm routes have no schema: their requests, written out. */
async function walkPageRoutes(): Promise<void> {
  const pageTables = [...hidden.values()].map((row) => row.table);
  const walk = (step: Omit<WalkCall, 'screens'>) => walkStep({ ...step, screens: pageTables });
  const customer = hidden.get('online:demo_customer:list')!.key;
  const order = hidden.get('online:demo_purchase:list')!.key;
  const api = (code: string) => `/system/online/cgform/api/${code}`;
  const route = (method: HTTPMethods, path: string) =>
    routeKey(method, `/system/online/cgform/api/:code${path}`);
  for (const [code, id] of [
    ['demo_customer', customer],
    ['demo_purchase', order],
  ] as const) {
    const base = api(code);
    await walk({ route: route('GET', '/list'), method: 'GET', url: `${base}/list` });
    await walk({
      route: route('GET', '/list'),
      method: 'GET',
      url: `${base}/list`,
      query: { id },
    });
    await walk({ route: route('GET', '/exportXls'), method: 'GET', url: `${base}/exportXls` });
    await walk({
      route: route('GET', '/exportXls'),
      method: 'GET',
      url: `${base}/exportXls`,
      query: { selections: id },
    });
    await walk({
      route: route('GET', '/queryById'),
      method: 'GET',
      url: `${base}/queryById`,
      query: { id },
    });
    for (const padded of [id, ` ${id}`, `\t${id}`, `${id} `]) {
      await walk({
        route: route('PUT', '/edit'),
        method: 'PUT',
        url: `${base}/edit`,
        body: { id: padded, remark: 'walked' },
      });
      await walk({
        route: route('POST', '/edit'),
        method: 'POST',
        url: `${base}/edit`,
        body: { id: padded, remark: 'walked' },
      });
    }
    await walk({
      route: route('DELETE', '/delete'),
      method: 'DELETE',
      url: `${base}/delete`,
      query: { id },
    });
    await walk({
      route: route('DELETE', '/deleteBatch'),
      method: 'DELETE',
      url: `${base}/deleteBatch`,
      query: { ids: ` ${id},` },
    });
    for (const [action, method] of [
      ['edit', 'PUT'],
      ['remove', 'POST'],
    ] as const) {
      const path =
        action === 'edit'
          ? '/system/bpm/tip_system_edit_entity/edit'
          : '/system/bpm/tip_system_remove_entity/remove';
      for (const body of [
        { serviceName: code, id, remark: 'walked' },
        { serviceName: code, ids: id },
      ]) {
        await walk({ route: routeKey(method, path), method, url: path, body });
      }
    }
  }
  // A tree: the hidden node's children are refused, the root's children leave it out.
  for (const pid of [hidden.get(`online:${TREE}:list`)!.key, treeRoot]) {
    await walk({
      route: route('GET', '/children'),
      method: 'GET',
      url: `${api(TREE)}/children`,
      query: { pid },
    });
  }
  await walk({
    route: route('GET', '/list'),
    method: 'GET',
    url: `${api(TREE)}/list`,
    query: { name: '孙' },
  });
  await walk({
    route: route('DELETE', '/delete'),
    method: 'DELETE',
    url: `${api(TREE)}/delete`,
    query: { id: treeRoot },
  });
  await walk({
    route: route('POST', '/add'),
    method: 'POST',
    url: `${api(TREE)}/add`,
    body: { name: '走查子节点', pid: hidden.get(`online:${TREE}:list`)!.key },
  });
  await walk({
    route: route('GET', '/detail/:detailCode/list'),
    method: 'GET',
    url: `${api('demo_purchase')}/detail/demo_purchase_item/list`,
    query: { purchaseId: order },
  });
  await walk({
    route: routeKey('POST', '/system/online/cgform/api/:code/add'),
    method: 'POST',
    url: `${api('demo_customer')}/add`,
    body: { name: '走查新增', level: '1' },
  });
  // /bpm with the system services.
  for (const [service, menuCode, body] of [
    ['sysPosition', 'position:list', { code: 'walk_x1', name: '走查' }],
    ['sysCategory', 'category:list', { name: '走查' }],
    ['sysCheckRule', 'checkRule:list', { ruleName: '走查', ruleCode: 'walk_x1', ruleJson: '[]' }],
  ] as const) {
    const id = hidden.get(menuCode)!.key;
    const edit = '/system/bpm/tip_system_edit_entity/edit';
    const remove = '/system/bpm/tip_system_remove_entity/remove';
    await walk({
      route: routeKey('PUT', edit),
      method: 'PUT',
      url: edit,
      body: { serviceName: service, id, ...body },
    });
    await walk({
      route: routeKey('POST', remove),
      method: 'POST',
      url: remove,
      body: { serviceName: service, ids: id },
    });
    if (service === 'sysCategory') {
      const add = '/system/bpm/tip_system_save_entity/add';
      await walk({
        route: routeKey('POST', add),
        method: 'POST',
        url: add,
        body: { serviceName: service, name: '走查', pid: id },
      });
    }
  }
}

/**
 * Deleting a visible parent of a hidden row (a category, a department, a menu) would take the
 * hidden row along: refused. The subtree is read inside the delete's transaction.
 */
async function walkSubtreeDeletes(): Promise<void> {
  for (const [base, table, parent, menuCode] of [
    ['/system/sys/category', 'sys_category', 'pid', 'category:list'],
    ['/system/sys/sysDepart', 'sys_depart', 'parent_id', 'depart:list'],
    ['/system/sys/permission', 'sys_permission', 'parent_id', 'permission:list'],
  ] as const) {
    const row = hidden.get(menuCode)!;
    const id = await one(sql`select ${sql.ref(parent)} as v from ${sql.table(table)}
      where id = ${row.key}`);
    await walkStep({
      route: routeKey('DELETE', `${base}/delete`),
      method: 'DELETE',
      url: `${base}/delete`,
      query: { id },
      screens: [table],
    });
  }
}

/** A one-sheet workbook of a header row and one row. */
async function workbook(header: readonly string[], row: readonly string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  sheet.addRow([...header]);
  sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Imports whose rows hang below a parent (a tree page, categories, departments): a row below
 * a hidden parent is refused like `add` refuses it, and the parent is not touched.
 */
async function walkTreeImports(): Promise<void> {
  const parentCode = async (table: string, column: string, menuCode: string) =>
    one(sql`select ${sql.ref(column)} as v from ${sql.table(table)}
      where id = ${hidden.get(menuCode)!.key}`);
  for (const [url, route, header, row, screen] of [
    [
      `/system/online/cgform/api/${TREE}/importExcel`,
      'POST /system/online/cgform/api/:code/importExcel',
      ['名称', '父级节点'],
      ['走查导入', hidden.get(`online:${TREE}:list`)!.key],
      TREE,
    ],
    [
      '/system/sys/category/importExcel',
      'POST /system/sys/category/importExcel',
      ['分类名称', '父级编码'],
      ['走查导入', await parentCode('sys_category', 'code', 'category:list')],
      'sys_category',
    ],
    [
      '/system/sys/sysDepart/importExcel',
      'POST /system/sys/sysDepart/importExcel',
      ['部门名称', '上级部门编码'],
      ['走查导入', await parentCode('sys_depart', 'org_code', 'depart:list')],
      'sys_depart',
    ],
  ] as const) {
    const before = await snapshot();
    const { payload, contentType } = multipartBody('walk.xlsx', await workbook(header, row));
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-access-token': walker, 'content-type': contentType },
      payload,
    });
    const body = JSON.parse(res.body) as { result?: { errorCount?: number }; message?: string };
    if (body.result?.errorCount !== 1)
      failures.push(
        `${url}: the row below ${screen}'s hidden row was not refused ` +
          `(HTTP ${res.statusCode}, errorCount ${body.result?.errorCount}, ${body.message})`,
      );
    if ((await snapshot()) !== before) failures.push(`${url}: changed a hidden row`);
    successes.add(route);
  }
}

/** Routes the generic walk cannot reach the helper on, and why. */
const UNREACHED: Readonly<Record<string, string>> = {};

describe('a user whose rules hide one row of every screen', () => {
  beforeAll(async () => {
    for (const route of routes) await walkEntityRoute(route);
    await walkPageRoutes();
    await walkSubtreeDeletes();
    await walkTreeImports();
  }, 600_000);

  it('every id pattern the walk sends is an id (the walk would test nothing otherwise)', () => {
    const pattern = new RegExp(ID_PATTERN);
    for (const row of hidden.values()) expect(row.key).toMatch(pattern);
  });

  it('never sees, changes or deletes a hidden row, through any route', () => {
    expect(failures).toEqual([]);
  });

  it('sees the rest: every list and export answers', () => {
    const lists = [
      'GET /system/sys/user/list',
      'GET /system/sys/user/recycleBin',
      'GET /system/sys/user/exportXls',
      'GET /system/sys/role/list',
      'GET /system/sys/role/queryall',
      'GET /system/sys/role/exportXls',
      'GET /system/sys/permission/list',
      'GET /system/sys/permission/getSystemMenuList',
      'GET /system/sys/permission/exportXls',
      'GET /system/sys/sysDepart/list',
      'GET /system/sys/sysDepart/queryTreeList',
      'GET /system/sys/sysDepart/queryDepartTreeSync',
      'GET /system/sys/sysDepart/searchBy',
      'GET /system/sys/sysDepart/exportXls',
      'GET /system/sys/dict/list',
      'GET /system/sys/dict/exportXls',
      'GET /system/sys/annountCement/list',
      'GET /system/sys/annountCement/exportXls',
      'GET /system/sys/position/list',
      'GET /system/sys/position/exportXls',
      'GET /system/sys/category/rootList',
      'GET /system/sys/category/exportXls',
      'GET /system/sys/checkRule/list',
      'GET /system/sys/checkRule/exportXls',
      'GET /system/lowcode/page/list',
      'GET /system/online/cgform/api/:code/list',
      'GET /system/online/cgform/api/:code/exportXls',
    ];
    expect(lists.filter((route) => !successes.has(route))).toEqual([]);
  });

  it('every declared route asked the scoped-query helper for its scope', () => {
    const missing = routes
      .filter((r) => ['entity', 'page', 'named'].includes(r.dataScope?.kind ?? ''))
      .map((r) => routeKey(r.method, r.url))
      .filter((name) => !consulted.has(name) && !Object.hasOwn(UNREACHED, name));
    expect(missing).toEqual([]);
  });
});

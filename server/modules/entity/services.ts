import type { FastifyRequest } from 'fastify';
import { PAGE_CODE_PATTERN } from '../../../src/contracts/page';
import { principalOf } from '../../http/access';
import { failure } from '../../http/errors';
import { MSG_NOT_FOUND, parseId, type RecordId } from '../../http/request-schemas';
import { rowScope, type InScope, type RowScope, type ScopedEntity } from '../../http/row-scope';
import type { AppContext } from '../../context';
import {
  addCategory,
  CATEGORY_ADD_BODY,
  CATEGORY_EDIT_BODY,
  deleteCategories,
  editCategory,
  type CategoryInput,
} from '../category/crud';
import { CATEGORY_SCOPE } from '../category/list';
import { assertBody, type RecordSchema } from '../../http/record-schema';
import {
  addCheckRule,
  CHECK_RULE_ADD_BODY,
  CHECK_RULE_EDIT_BODY,
  deleteCheckRules,
  editCheckRule,
  type CheckRuleInput,
} from '../check/rules-crud';
import { CHECK_RULE_SCOPE } from '../check/rules-list';
import { addRecord, deleteRecords, editRecord } from '../online/crud';
import { publishSave, savedDetails } from '../online/sync';
import { onlineTableOf, type OnlineTable } from '../online/table';
import {
  addPosition,
  deletePositions,
  editPosition,
  POSITION_ADD_BODY,
  POSITION_EDIT_BODY,
  type PositionInput,
} from '../position/crud';
import { POSITION_SCOPE } from '../position/list';

/**
 * The entity services `/bpm/tip_system_*` may name (`serviceName`): the three system screens
 * below, or a page that owns a table (its code). Each saves a record exactly as the screen's
 * own add / edit / delete route would — the same body schema, the same write function, the
 * same row scope (the data rules of the screen's or page's menu under the code the call was
 * admitted with) — and needs the same permission code.
 */

export type EntityAction = 'add' | 'edit' | 'delete';

/** A record from the request body (serviceName removed). */
export type EntityRecord = Record<string, unknown>;

export interface EntityService {
  add(request: FastifyRequest, record: EntityRecord): Promise<string>;
  edit(request: FastifyRequest, record: EntityRecord): Promise<void>;
  /** Deletes the rows (each inside the caller's scope); refuses when none existed. */
  remove(request: FastifyRequest, ids: readonly RecordId[]): Promise<void>;
}

type CheckedId = InScope<RecordId>;

interface SystemService<T> {
  /** Permission code prefix of the screen (`position` → `position:add`). */
  readonly codePrefix: string;
  /** The screen's rows, as its data rules see them. */
  readonly scope: ScopedEntity;
  readonly addBody: RecordSchema;
  readonly editBody: RecordSchema;
  add(ctx: AppContext, request: FastifyRequest, input: T, scope: RowScope): Promise<string>;
  edit(ctx: AppContext, request: FastifyRequest, id: CheckedId, input: T): Promise<void>;
  remove(ctx: AppContext, ids: readonly CheckedId[], scope: RowScope): Promise<number>;
}

const by = (request: FastifyRequest) => {
  const { username, orgCode } = principalOf(request);
  return { username, orgCode };
};

const position: SystemService<PositionInput> = {
  codePrefix: 'position',
  scope: POSITION_SCOPE,
  addBody: POSITION_ADD_BODY,
  editBody: POSITION_EDIT_BODY,
  add: (ctx, request, input) => addPosition(ctx.db, input, by(request)),
  edit: (ctx, request, id, input) => editPosition(ctx.db, id, input, by(request).username),
  remove: (ctx, ids) => deletePositions(ctx.db, ids),
};

const category: SystemService<CategoryInput> = {
  codePrefix: 'category',
  scope: CATEGORY_SCOPE,
  addBody: CATEGORY_ADD_BODY,
  editBody: CATEGORY_EDIT_BODY,
  add: (ctx, request, input, scope) => addCategory(ctx.db, input, by(request), scope),
  edit: (ctx, request, id, input) => editCategory(ctx.db, id, input, by(request).username),
  remove: (ctx, ids, scope) => deleteCategories(ctx.db, ids, scope),
};

const checkRule: SystemService<CheckRuleInput> = {
  codePrefix: 'checkRule',
  scope: CHECK_RULE_SCOPE,
  addBody: CHECK_RULE_ADD_BODY,
  editBody: CHECK_RULE_EDIT_BODY,
  add: (ctx, request, input) => addCheckRule(ctx.db, input, by(request).username),
  edit: (ctx, request, id, input) => editCheckRule(ctx.db, id, input, by(request).username),
  remove: (ctx, ids) => deleteCheckRules(ctx.db, ids),
};

// The inputs differ per service; the schema check before each call is what makes them true.
const SYSTEM_SERVICES: Readonly<Record<string, SystemService<never>>> = {
  sysPosition: position as SystemService<never>,
  sysCategory: category as SystemService<never>,
  sysCheckRule: checkRule as SystemService<never>,
};

const PAGE_CODE = new RegExp(PAGE_CODE_PATTERN);

function systemService(name: string): SystemService<never> | null {
  return Object.hasOwn(SYSTEM_SERVICES, name) ? SYSTEM_SERVICES[name]! : null;
}

/**
 * The permission code an action of the named service needs; empty (nobody holds it, so the
 * caller is refused with 510) for a name that is neither a system service nor a page code.
 */
export function serviceCode(name: string, action: EntityAction): string {
  const system = systemService(name);
  if (system) return `${system.codePrefix}:${action}`;
  return PAGE_CODE.test(name) ? `online:${name}:${action}` : '';
}

function fromSystem(ctx: AppContext, service: SystemService<never>): EntityService {
  return {
    async add(request, record) {
      assertBody(request, service.addBody, record);
      return service.add(ctx, request, record as never, rowScope(request, service.scope));
    },
    async edit(request, record) {
      assertBody(request, service.editBody, record);
      const id = await rowScope(request, service.scope).checkOne(parseId(record.id));
      await service.edit(ctx, request, id, record as never);
    },
    async remove(request, ids) {
      const scope = rowScope(request, service.scope);
      if ((await service.remove(ctx, await scope.check(ids), scope)) === 0) {
        throw failure(MSG_NOT_FOUND);
      }
    },
  };
}

function fromPage(ctx: AppContext, code: string): EntityService {
  // Online SQL aliases its columns itself: no snake/camel rewriting by the plugin.
  const db = ctx.db.withoutPlugins();
  const { timeZone } = ctx.config;
  const table = async () => onlineTableOf(await ctx.pages.get(code), code);
  // Saves through these services reach the page's open grids like the page's own saves.
  const publish = (request: FastifyRequest, page: OnlineTable, id: string, record: EntityRecord) =>
    publishSave(ctx, db, request, {
      table: page,
      masterId: id,
      details: savedDetails(page, record),
    });
  const saving = (request: FastifyRequest, page: OnlineTable) => ({
    username: principalOf(request).username,
    timeZone,
    scope: rowScope(request, page.scope),
  });
  return {
    add: async (request, record) => {
      const page = await table();
      const id = await addRecord(db, page, record, saving(request, page));
      await publish(request, page, id, record);
      return id;
    },
    edit: async (request, record) => {
      const page = await table();
      const save = saving(request, page);
      const id = await save.scope.checkOne(parseId(record.id));
      await editRecord(db, page, id, record, save);
      await publish(request, page, id, record);
    },
    remove: async (request, ids) => {
      const page = await table();
      const scope = rowScope(request, page.scope);
      await deleteRecords(db, page, await scope.check(ids), scope);
    },
  };
}

export const msgUnknownService = (name: string) => `未知的实体服务：${name.slice(0, 64)}`;

/** The service a name stands for; refuses anything else. */
export function entityService(ctx: AppContext, name: string): EntityService {
  const system = systemService(name);
  if (system) return fromSystem(ctx, system);
  if (PAGE_CODE.test(name)) return fromPage(ctx, name);
  throw failure(msgUnknownService(name));
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import {
  AREA_DEEPEST_PARENT,
  AREA_PARENT_PATTERN,
  AREA_ROOT,
  isAreaCode,
} from '../../../src/contracts/area-code';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { badRequest, failure } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { areaChildren, areasByIds, areaSubtree, nest } from './queries';

/**
 * Chinese administrative divisions for the area linkage picker (widgets.md §2.1, §3, §7):
 * anyone reads them, signed in or not (rate-limited per client). The rows never change while the server runs (they come with
 * a migration), so the answers may be kept by the browser for a day.
 *
 * - `by-pid?pid=` the regions one level below a code (`0`: the provinces);
 * - `tree?from=&level=&includeFrom=` the regions below `from` nested down to `level`, at most
 *   `MAX_TREE_NODES` of them (the whole country to districts fits; streets go by `by-pid`);
 * - `by-ids?ids=a,b,c` the regions of some codes (the names a screen of values shows).
 */

const BASE = '/module/default/address/common/nl/all/data';
export const AREA_URLS = {
  byPid: `${BASE}/by-pid`,
  tree: `${BASE}/tree`,
  byIds: `${BASE}/by-ids`,
} as const;

/** Calls one client address may make to the area routes in a minute. */
export const AREA_RATE_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

/** At most this many regions in one tree answer (the country down to districts is 3,348). */
export const MAX_TREE_NODES = 5000;
/** At most this many codes in one `by-ids` call (the browser asks in chunks of 200). */
export const MAX_AREA_IDS = 1000;
/** The deepest level stored (villages are not loaded: migration 0010). */
const DEEPEST_LEVEL = AREA_DEEPEST_PARENT;

export const msgTreeTooBig = (max: number) =>
  `地区树超过 ${max} 个节点：请缩小 from 或 level，或用 by-pid 逐级加载`;
export const MSG_BAD_AREA_IDS = '参数 ids 不正确：应为逗号分隔的 6、9 或 12 位地区编码';
export const msgAreaMissing = (code: string) => `地区编码 ${code} 不存在`;

/** Kept by the browser for a day: the rows only change with a release. */
const CACHE_CONTROL = 'private, max-age=86400';

const PARENT = Type.String({ pattern: AREA_PARENT_PATTERN, maxLength: 12 });
const FLAG = Type.Optional(Type.Enum(['true', 'false'], { type: 'string' }));

function cacheable(reply: FastifyReply): void {
  reply.header('cache-control', CACHE_CONTROL);
}

function splitAreaIds(raw: string): string[] {
  const ids = [...new Set(raw.split(',').map((c) => c.trim()))].filter((c) => c !== '');
  if (ids.length === 0 || ids.length > MAX_AREA_IDS || !ids.every(isAreaCode)) {
    throw badRequest(MSG_BAD_AREA_IDS);
  }
  return ids;
}

export async function areaRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  // `nl` (no login): public data, answered to anonymous callers too, per client at most
  // AREA_RATE_LIMIT a minute (a whole tree is one call; the browser caches answers).
  const access = { access: PUBLIC, rateLimit: AREA_RATE_LIMIT };

  app.get(
    AREA_URLS.byPid,
    {
      config: access,
      schema: { querystring: Type.Object({ pid: Type.Optional(PARENT) }) },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await areaChildren(db, request.query.pid ?? AREA_ROOT));
    },
  );

  app.get(
    AREA_URLS.tree,
    {
      config: access,
      schema: {
        querystring: Type.Object({
          from: Type.Optional(PARENT),
          level: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
          includeFrom: FLAG,
        }),
      },
    },
    async (request, reply) => {
      const from = request.query.from ?? AREA_ROOT;
      const level = Math.min(request.query.level ?? 3, DEEPEST_LEVEL);
      const includeFrom = request.query.includeFrom === 'true' && from !== AREA_ROOT;
      if (from !== AREA_ROOT && (await areasByIds(db, [from])).length === 0) {
        throw failure(msgAreaMissing(from));
      }
      const rows = await areaSubtree(db, from, level, includeFrom, MAX_TREE_NODES);
      if (rows.length > MAX_TREE_NODES) throw failure(msgTreeTooBig(MAX_TREE_NODES));
      cacheable(reply);
      const rootPid = includeFrom ? rows.find((r) => r.id === from)!.pid : from;
      return ok(nest(rows, rootPid));
    },
  );

  app.get(
    AREA_URLS.byIds,
    {
      config: access,
      schema: {
        querystring: Type.Object({
          ids: Type.String({ minLength: 1, maxLength: MAX_AREA_IDS * 13 }),
        }),
      },
    },
    async (request, reply) => {
      const ids = splitAreaIds(request.query.ids);
      cacheable(reply);
      return ok(await areasByIds(db, ids));
    },
  );
}

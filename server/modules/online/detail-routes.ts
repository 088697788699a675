import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import Type from 'typebox';
import { PAGE_CODE_PATTERN } from '../../../src/contracts/page';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { paramText } from '../../http/list-query';
import { LIST_QUERY, parseId } from '../../http/request-schemas';
import { rowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import type { OnlineDb } from './crud';
import { detailPage } from './detail-list';
import type { DetailTable, OnlineTable } from './table';
import { dictLookup } from '../dict/lookup';

/**
 * Detail rows of a master-detail page:
 * `GET /online/cgform/api/{code}/detail/{detailCode}/list?{foreignKey}=<master id>`, with the
 * page's list code (`online:{code}:list`) and the caller's data rules on the master: a master
 * the rules keep out is refused (没有该数据的操作权限), its rows are never read.
 */

export interface DetailRouteDeps {
  readonly ctx: AppContext;
  readonly db: OnlineDb;
  /** `/online/cgform/api/:code` */
  readonly base: string;
  /** The list's code and the page's row scope. */
  readonly listConfig: FastifyContextConfig;
  /** The online table of the page of that code (页面不存在 when there is none). */
  readonly tableOf: (code: string) => Promise<OnlineTable>;
}

export const MSG_NO_DETAIL = '子表不存在或没有自己的表';

const DETAIL_CODE = new RegExp(PAGE_CODE_PATTERN);
/** Both codes are checked against the page (`tableOf`, `detailOf`), with their own messages. */
const DETAIL_PARAMS = Type.Object({ code: Type.String(), detailCode: Type.String() });

/** The page's detail of that code, or the 子表不存在 refusal. */
export function detailOf(table: OnlineTable, code: string): DetailTable {
  const detail = DETAIL_CODE.test(code) ? table.details.find((d) => d.code === code) : undefined;
  if (!detail) {
    throw failure(DETAIL_CODE.test(code) ? `${MSG_NO_DETAIL}：${code}` : MSG_NO_DETAIL);
  }
  return detail;
}

export async function detailRoutes(server: FastifyInstance, deps: DetailRouteDeps): Promise<void> {
  const app = typed(server);
  const { ctx, db } = deps;
  const listDeps = { db, dicts: dictLookup(ctx.db, ctx.dicts), timeZone: ctx.config.timeZone };

  app.get(
    `${deps.base}/detail/:detailCode/list`,
    { config: deps.listConfig, schema: { params: DETAIL_PARAMS, querystring: LIST_QUERY } },
    async (request) => {
      const table = await deps.tableOf(request.params.code);
      const detail = detailOf(table, request.params.detailCode);
      const raw = paramText(request.query, detail.masterParam);
      if (raw === undefined || raw === '') throw failure(`缺少参数 ${detail.masterParam}`);
      const masterId = await rowScope(request, table.scope).checkOne(
        parseId(raw, detail.masterParam),
      );
      return ok(await detailPage(listDeps, detail, masterId));
    },
  );
}

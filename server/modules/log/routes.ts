import type { FastifyInstance } from 'fastify';
import {
  LOGIN_EVENT_TEXT,
  LOGIN_EVENTS,
  OPERATE_TYPE_TEXT,
} from '../../../src/contracts/system-log';
import type { AppContext } from '../../context';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_QUERY, LIST_QUERY, MSG_NOT_FOUND, parseId } from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { typed } from '../../http/typed';
import { listLogs, LOG_SCOPE, logById } from './list';

/**
 * 日志管理 (jeecg-api.md §4.14): `GET /sys/log/list?logType=1|2` (`log:list`), `queryById`
 * with the operation's changes (详情), `exportXls` (`log:export`). There is no delete: the
 * log is the record of who changed what; rows go only by age (the 清理过期日志 job).
 */

const BASE = '/sys/log';
const dataScope = scoped(LOG_SCOPE);

const options = (texts: Readonly<Record<string | number, string>>) =>
  Object.entries(texts).map(([value, text]) => ({ value, text }));

export const LOG_COLUMNS: readonly SheetColumn[] = [
  { name: 'createTime', label: '时间' },
  {
    name: 'logType',
    label: '日志类型',
    options: [
      { value: '1', text: '登录日志' },
      { value: '2', text: '操作日志' },
    ],
  },
  {
    name: 'event',
    label: '登录事件',
    options: LOGIN_EVENTS.map((event) => ({ value: event, text: LOGIN_EVENT_TEXT[event] })),
  },
  { name: 'operateType', label: '操作类型', options: options(OPERATE_TYPE_TEXT) },
  { name: 'username', label: '用户账号' },
  { name: 'ip', label: 'IP' },
  { name: 'logContent', label: '日志内容' },
  { name: 'method', label: '接口' },
  { name: 'permissionCode', label: '权限编码' },
  { name: 'targetTable', label: '目标表' },
  { name: 'targetId', label: '目标ID' },
  { name: 'changeCount', label: '变更行数' },
];

export async function logRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    `${BASE}/list`,
    { config: { access: permission('log:list'), dataScope }, schema: { querystring: LIST_QUERY } },
    async (request) => ok(await listLogs(db, request.query, rowScope(request), { timeZone })),
  );

  app.get(
    `${BASE}/queryById`,
    { config: { access: permission('log:list'), dataScope }, schema: { querystring: ID_QUERY } },
    async (request) => {
      const row = await logById(db, parseId(request.query.id), rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.get(
    `${BASE}/exportXls`,
    {
      config: { access: permission('log:export'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: '日志',
        columns: LOG_COLUMNS,
        dicts: ctx.dicts,
        fetch: async (params) => (await listLogs(db, params, scope, { timeZone })).records,
        query: request.query,
      });
    },
  );
}

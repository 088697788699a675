import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import { MAX_EXPORT_ROWS, sendRecords } from '../../http/sheet/records-export';
import { formatDateTime } from '../../http/time';
import type { DictCache } from '../dict/cache';
import type { ReportAccess } from './sql-check';
import { runReport, type ReportQuery } from './run';
import type { ReportDefinition } from './store';

/**
 * A report's rows as .xlsx (`exportXls`): getData's filters, parameters and sort, every row
 * (read a page of 1000 at a time through the same run), the shown columns with their titles as
 * headers and dictionary text instead of codes; streamed by the system screens' export helper.
 * More than MAX_EXPORT_ROWS rows are refused before anything is sent.
 */

export const msgReportExportTooMany = (total: number) =>
  `导出数据共${total}条，超过${MAX_EXPORT_ROWS}条的上限，请缩小查询条件后重试`;

/** The string parameters of a list request (repeated ones: the first). */
function reportQuery(params: ListParams): ReportQuery {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') query[key] = first;
  }
  return query;
}

export interface ReportExport {
  readonly db: Db;
  /** What the report may read (its last saver's tables). */
  readonly access: ReportAccess;
  readonly dicts: DictCache;
  readonly timeZone: string;
  readonly report: ReportDefinition;
  readonly query: ListParams;
}

export async function sendReportExport(
  reply: FastifyReply,
  input: ReportExport,
): Promise<FastifyReply> {
  const { db, report, timeZone, access } = input;
  const shown = report.items.filter((item) => item.show !== false);
  return sendRecords(reply, {
    title: report.name,
    columns: shown.map((item) => ({
      name: item.field,
      label: item.title,
      ...(item.dictCode ? { dictCode: item.dictCode } : {}),
    })),
    dicts: input.dicts,
    query: input.query,
    fetch: async (params) => {
      const page = await runReport(db, report, reportQuery(params), access);
      if (page.current === 1 && page.total > MAX_EXPORT_ROWS) {
        throw failure(msgReportExportTooMany(page.total));
      }
      // Dates as wall-clock text in the server's zone, like every other export.
      return page.records.map((record) =>
        Object.fromEntries(
          Object.entries(record).map(([key, value]) => [
            key,
            value instanceof Date ? formatDateTime(value, timeZone) : value,
          ]),
        ),
      );
    },
  });
}

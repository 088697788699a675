import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { DictCache } from '../../modules/dict/cache';
import { attachmentDisposition, safeFileName, XLSX_TYPE } from '../download';
import { badRequest } from '../errors';
import { MAX_LIST_VALUES } from '../list-conditions';
import { paramText, type ListParams } from '../list-query';
import { cellValue, sheetName } from './cells';
import { columnTexts, type SheetColumn } from './columns';

/**
 * `exportXls` of a system screen: the rows its own list function finds for the request's
 * filters and sort (plus `selections=id1,id2`, only those rows), streamed as a real .xlsx.
 * The first page is read before anything is sent, so a refused filter still answers JSON.
 */

export const EXPORT_PAGE_SIZE = 1000;
export const MAX_EXPORT_ROWS = 100_000;

/** A record as a list answers it (any object: interfaces have no index signature). */
type Row = object;

export interface RecordsExport {
  /** Sheet and file name. */
  readonly title: string;
  readonly columns: readonly SheetColumn[];
  readonly dicts: DictCache;
  /** One page of rows, as the list route would answer it for these parameters. */
  readonly fetch: (params: ListParams) => Promise<readonly Row[]>;
  /** The request's list parameters. */
  readonly query: ListParams;
}

/** The request's list parameters for page `pageNo` of an export (selections → `id` filter). */
export function exportParams(query: ListParams, pageNo: number): ListParams {
  const { selections: _selections, ...rest } = query;
  const picked = (paramText(query, 'selections') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (picked.length > MAX_LIST_VALUES) {
    throw badRequest(`一次最多导出${MAX_LIST_VALUES}条选中的记录`);
  }
  return {
    ...rest,
    ...(picked.length > 0 ? { id: picked.join(',') } : {}),
    pageNo: String(pageNo),
    pageSize: String(EXPORT_PAGE_SIZE),
  };
}

async function writeRows(
  input: RecordsExport,
  first: readonly Row[],
  out: PassThrough,
): Promise<void> {
  const texts = await columnTexts(input.columns, input.dicts);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(input.title));
  sheet.addRow(input.columns.map((c) => c.label)).commit();
  let page = first;
  let written = 0;
  for (let pageNo = 1; ; pageNo++) {
    if (out.destroyed) return; // the client went away
    if (pageNo > 1) page = await input.fetch(exportParams(input.query, pageNo));
    for (const row of page) {
      const values = row as Readonly<Record<string, unknown>>;
      sheet.addRow(input.columns.map((c) => cellValue(values[c.name], texts.get(c.name)))).commit();
    }
    written += page.length;
    if (page.length < EXPORT_PAGE_SIZE || written >= MAX_EXPORT_ROWS) break;
  }
  sheet.commit();
  await workbook.commit();
}

/** Sends the workbook; a refused filter throws before anything is sent. */
export async function sendRecords(
  reply: FastifyReply,
  input: RecordsExport,
): Promise<FastifyReply> {
  const first = await input.fetch(exportParams(input.query, 1));
  const out = new PassThrough();
  writeRows(input, first, out).catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(`${safeFileName(input.title)}.xlsx`))
    .send(out);
}

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type QueryExecutorProvider, type SqlBool } from 'kysely';
import { boundedQueries } from '../../db/bounded';
import type { FastifyReply } from 'fastify';
import type { DictLookup } from '../dict/lookup';
import { attachmentDisposition, safeFileName, XLSX_TYPE } from '../../http/download';
import { badRequest } from '../../http/errors';
import { MAX_LIST_VALUES } from '../../http/list-conditions';
import { paramText, translateListQuery, type ListParams } from '../../http/list-query';
import type { RowScope } from '../../http/row-scope';
import { exportTexts } from './file-values';
import { chunks, selectByIds } from './queries';
import { cellValue, sheetName } from '../../http/sheet/cells';
import { dictTexts, toRecords, type OnlineRecord } from './records';
import type { OnlineTable } from './table';

/**
 * `exportXls`: the list's filters and sort (plus `selections=id1,id2`) → a real .xlsx streamed
 * with exceljs' WorkbookWriter. The ids are read first (one statement, so a bad filter still
 * answers as JSON), then the rows in chunks; header = labels of the list columns, dictionary
 * text instead of codes, dates as text, files by their upload names and rich text as plain
 * text (file-values.ts).
 */

const CHUNK = 1000;

export interface ExportInput {
  readonly db: QueryExecutorProvider;
  readonly dicts: DictLookup;
  readonly timeZone: string;
  readonly table: OnlineTable;
  readonly query: ListParams;
  /** The caller's row scope on the page (row-scope.ts). */
  readonly scope: RowScope;
}

async function orderedIds(input: ExportInput): Promise<string[]> {
  const { table, query, db } = input;
  const q = translateListQuery(query, table.entity, { timeZone: input.timeZone });
  const selections = (paramText(query, 'selections') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (selections.length > MAX_LIST_VALUES) {
    throw badRequest(`一次最多导出${MAX_LIST_VALUES}条选中的记录`);
  }
  const picked =
    selections.length > 0
      ? sql<SqlBool>`${sql.ref('id')} in (${sql.join(selections)})`
      : sql<SqlBool>`true`;
  const { rows } = await sql<{ id: string }>`select ${sql.ref('id')} as id from ${table.from}
    where ${q.where} and ${picked} and ${input.scope.where}
    order by ${q.orderBy}`.execute(db);
  return rows.map((r) => r.id);
}

async function writeRows(
  input: ExportInput,
  ids: readonly string[],
  out: PassThrough,
): Promise<void> {
  const { table } = input;
  const columns = table.listColumns;
  const texts = await dictTexts(columns, input.dicts);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(table.title));
  sheet.addRow(columns.map((c) => c.label)).commit();
  for (const part of chunks(ids, CHUNK)) {
    if (out.destroyed) return; // the client went away
    const rows = await selectByIds(input.db, table, part);
    const records = toRecords(table, rows, input.timeZone) as OnlineRecord[];
    const special = await exportTexts(input.db, columns, records);
    for (const record of records) {
      sheet
        .addRow(
          columns.map((c) => {
            const value = record[c.name];
            const text = special(c, value);
            return text === undefined ? cellValue(value, texts.get(c.name)) : text;
          }),
        )
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

/** Sends the workbook; refusals (bad filters) are thrown before anything is sent. */
export async function sendExport(reply: FastifyReply, input: ExportInput): Promise<FastifyReply> {
  // The request's filters pick the rows: a user-shaped statement, bounded like a list.
  const ids = await boundedQueries(() => orderedIds(input));
  const out = new PassThrough();
  writeRows(input, ids, out).catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(`${safeFileName(input.table.title)}.xlsx`))
    .send(out);
}

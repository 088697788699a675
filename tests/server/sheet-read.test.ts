import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../../server/http/sheet/read';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-sheet-read-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Rows of Chinese text long enough that many XML chunk boundaries fall inside a character. */
const ROWS = 6000;
const rowText = (i: number) => [
  `客户名称${i}号有限公司`,
  i % 2 === 0 ? '是' : '否',
  `华东区域${i}`,
];

async function write(file: string, sharedStrings: boolean) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: sharedStrings,
  });
  const sheet = book.addWorksheet('数据');
  sheet.addRow(['名称', '已付款', '地区']).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(rowText(i)).commit();
  sheet.commit();
  await book.commit();
}

async function readAll(file: string) {
  const rows: (string | null)[][] = [];
  for await (const row of readXlsx(file, ROWS + 10)) rows.push(row.cells as (string | null)[]);
  return rows;
}

describe('reading large .xlsx uploads', () => {
  it.each([
    ['inline strings', false],
    ['shared strings', true],
  ])('keeps every Chinese character whole (%s)', async (_name, shared) => {
    const file = path.join(dir, `chinese-${String(shared)}.xlsx`);
    await write(file, shared);
    const rows = await readAll(file);
    expect(rows).toHaveLength(ROWS + 1);
    const broken = rows.filter((cells) => cells.some((c) => String(c).includes('\uFFFD')));
    expect(broken).toEqual([]);
    expect(rows.slice(1).every((cells, i) => cells.join('|') === rowText(i).join('|'))).toBe(true);
  });

  it('stops after the row limit', async () => {
    const file = path.join(dir, 'limit.xlsx');
    await write(file, false);
    const rows: unknown[] = [];
    for await (const row of readXlsx(file, 5)) rows.push(row);
    expect(rows).toHaveLength(5);
  });
});

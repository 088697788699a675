import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msgImportRowFailed } from '../../server/http/sheet/records-import';
import { multipartBody } from '../support/online-tables';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from '../support/test-app';

/**
 * Issue 21: a system screen's import is one transaction. A row the save refuses goes to the
 * error file and the rest is saved (201); a row the database refuses past the checks rolls the
 * whole file back: nothing of it is saved, the answer names the row.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  // The database refuses one code that every check lets through (a constraint added later,
  // a trigger, a database going away mid-file: anything that is not the save's own refusal).
  await sql
    .raw(
      `create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.code like 'BOOM%' then raise exception 'refused by the database'; end if;
        return new;
      end $$`,
    )
    .execute(t.db);
  await sql
    .raw(
      'create trigger refuse_boom before insert on sys_position for each row execute function refuse_boom()',
    )
    .execute(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function importPositions(rows: readonly (readonly string[])[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('职务');
  sheet.addRow(['职务编码', '职务名称', '职级']);
  for (const row of rows) sheet.addRow([...row]);
  const content = Buffer.from(await book.xlsx.writeBuffer());
  const { payload, contentType } = multipartBody('positions.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/sys/position/importExcel',
    headers: { 'x-access-token': admin, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as { success: boolean; code: number; message: string };
}

const countLike = async (prefix: string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from sys_position where code like ${`${prefix}%`}`.execute(t.db)
    ).rows[0]!.n,
  );

describe('a system import', () => {
  it('saves nothing of a file the database refuses at row 500', async () => {
    const before = await sql<{ n: number }>`select count(*) as n from sys_position`.execute(t.db);
    const rows = Array.from({ length: 600 }, (_, i) => [
      i === 498 ? 'BOOM500' : `TXA${String(i).padStart(4, '0')}`,
      `导入职务${i}`,
      '1',
    ]);
    const answer = await importPositions(rows);
    // Row 500 of the sheet: the header is row 1, data row 499 (index 498) is sheet row 500.
    expect(answer).toMatchObject({ success: false, message: msgImportRowFailed(500) });
    expect(JSON.stringify(answer)).not.toContain('refused by the database');
    expect(await countLike('TXA')).toBe(0);
    const after = await sql<{ n: number }>`select count(*) as n from sys_position`.execute(t.db);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });

  it('saves the valid rows and reports the refused ones when only the checks refuse', async () => {
    const answer = await importPositions([
      ['TXB0001', '好职务一', '1'],
      ['TXB0002', '', '1'], // 职务名称 is required: the save refuses the row
      ['TXB0003', '好职务三', '1'],
    ]);
    expect(answer.success).toBe(true);
    expect(answer.code).toBe(201);
    expect(await countLike('TXB')).toBe(2);
  });
});

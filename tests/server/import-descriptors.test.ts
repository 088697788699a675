import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { readXlsx } from '../../server/http/sheet/read';
import { multipartBody } from '../support/online-tables';
import { DEMO_PASSWORD, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * exceljs copies a worksheet that comes before the shared strings (as exceljs itself writes
 * them) to a temporary file and only closes and removes it after reading that sheet to its end;
 * the import reads the first sheet and stops. Every import lost a descriptor and a file.
 */

const P = '/system/sys/position';
let t: TestApp;
let filesDir: string;
let tempDir: string;
let admin: string;
const systemTemp = process.env.TMPDIR;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-import-fd-'));
  // A temp folder of this process alone (tmp reads os.tmpdir(), so TMPDIR, at each file).
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-import-tmp-'));
  process.env.TMPDIR = tempDir;
  t = await createTestApp({ env: { FILES_DIR: filesDir } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  if (systemTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTemp;
  fs.rmSync(filesDir, { recursive: true, force: true });
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const openDescriptors = (): number => fs.readdirSync('/proc/self/fd').length;
/** The temporary files exceljs' `tmp` made in this process's temp folder. */
const temporaryFiles = (): number => fs.readdirSync(tempDir).length;

async function positionsFile(i: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(['职务编码', '职务名称', '职级']);
  sheet.addRow([`fd_${i}_a`, `描述符${i}甲`, '员级']);
  sheet.addRow([`fd_${i}_b`, `描述符${i}乙`, '正高级']);
  workbook.addWorksheet('第二页').addRow(['不读']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(content: Buffer): Promise<ApiEnvelope<ImportResult>> {
  const { payload, contentType } = multipartBody('positions.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/importExcel`,
    headers: { 'x-access-token': admin, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
}

describe('importing many .xlsx files', () => {
  it('leaves no descriptor and no temporary file open after 200 imports', async () => {
    // One import first, so what the first request opens for good (pools, caches) is counted.
    expect((await importFile(await positionsFile(-1))).success).toBe(true);
    const descriptors = openDescriptors();
    for (let i = 0; i < 200; i++) {
      const res = await importFile(await positionsFile(i));
      expect(res.success, res.message).toBe(true);
    }
    const saved = await t.db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', 'like', 'fd_%')
      .executeTakeFirstOrThrow();
    expect(Number(saved.n)).toBe(402);
    // A few descriptors may come and go with the database and the test runner; a leak is 200+.
    expect(openDescriptors() - descriptors).toBeLessThan(10);
    expect(temporaryFiles()).toBe(0);
  });

  it('removes the temporary file of a read stopped early and of one read to its end', async () => {
    const file = path.join(filesDir, 'two-sheets.xlsx');
    fs.writeFileSync(file, await positionsFile(0));
    const descriptors = openDescriptors();
    for (let i = 0; i < 50; i++) {
      for await (const row of readXlsx(file, 1)) expect(row.number).toBe(1);
      const rows: number[] = [];
      for await (const row of readXlsx(file, 100)) rows.push(row.number);
      expect(rows).toEqual([1, 2, 3]);
    }
    expect(openDescriptors() - descriptors).toBeLessThan(10);
    expect(temporaryFiles()).toBe(0);
  });

  it('keeps each read’s temporary files apart when reads run at once', async () => {
    const file = path.join(filesDir, 'together.xlsx');
    fs.writeFileSync(file, await positionsFile(1));
    const descriptors = openDescriptors();
    const readAll = async (): Promise<number> => {
      let n = 0;
      for await (const row of readXlsx(file, 100)) n += row.cells.length > 0 ? 1 : 0;
      return n;
    };
    expect(await Promise.all(Array.from({ length: 20 }, readAll))).toEqual(Array(20).fill(3));
    expect(openDescriptors() - descriptors).toBeLessThan(10);
    expect(temporaryFiles()).toBe(0);
  });
});

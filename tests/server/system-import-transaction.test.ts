import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { multipartBody } from '../support/online-tables';
import { DEMO_PASSWORD, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * A system screen's import (server/http/sheet/records-import.ts) is one transaction: a failure
 * that is not a refused row (here the database refusing row 6 through a trigger) leaves none of
 * the file's rows saved, and refused rows leave the valid ones saved with the error file (201).
 */

let t: TestApp;
let filesDir: string;
let admin: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-import-tx-'));
  t = await createTestApp({ env: { FILES_DIR: filesDir } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const raw = t.db.withoutPlugins();
  await sql
    .raw(
      `create function tx_import_boom() returns trigger language plpgsql as $$
      begin
        if new.code = 'tx_boom' then raise exception 'disk full'; end if;
        return new;
      end $$`,
    )
    .execute(raw);
  await sql
    .raw(
      `create trigger tx_import_boom before insert on sys_position
      for each row execute function tx_import_boom()`,
    )
    .execute(raw);
});
afterAll(async () => {
  const raw = t?.db.withoutPlugins();
  if (raw) {
    await sql.raw('drop trigger if exists tx_import_boom on sys_position').execute(raw);
    await sql.raw('drop function if exists tx_import_boom()').execute(raw);
  }
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function positionsFile(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(['职务编码', '职务名称', '职级']);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importPositions(content: Buffer): Promise<ApiEnvelope<ImportResult>> {
  const { payload, contentType } = multipartBody('positions.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/sys/position/importExcel',
    headers: { 'x-access-token': admin, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
}

async function codesLike(prefix: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('sys_position')
    .select('code')
    .where('code', 'like', `${prefix}%`)
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code);
}

describe('importing a system screen', () => {
  it('saves nothing of a file whose row 6 fails in the database', async () => {
    const rows = [1, 2, 3, 4, 5].map((i) => [`tx_ok_${i}`, `事务${i}`, '员级']);
    const res = await importPositions(
      await positionsFile([...rows, ['tx_boom', '失败', '员级'], ['tx_ok_7', '事务7', '员级']]),
    );
    expect(res.success).toBe(false);
    expect(res.code).toBe(500);
    expect(res.message).not.toMatch(/disk full|sys_position|trigger/);
    expect(await codesLike('tx_ok_')).toEqual([]);

    // The same rows without the failing one are all saved: the transaction was undone, not stuck.
    const again = await importPositions(await positionsFile(rows));
    expect(again.success, again.message).toBe(true);
    expect(await codesLike('tx_ok_')).toEqual(rows.map((r) => r[0]));
  });

  it('keeps the valid rows and answers the refused ones in the error file (201)', async () => {
    const res = await importPositions(
      await positionsFile([
        ['tx_mix_1', '混合1', '员级'],
        ['tx_mix_1', '重复', '员级'],
        ['tx_mix_2', '混合2', '不存在的职级'],
        ['tx_mix_3', '混合3', '正高级'],
      ]),
    );
    expect(res.code, res.message).toBe(201);
    expect(res.result).toMatchObject({ totalCount: 4, successCount: 2, errorCount: 2 });
    expect(await codesLike('tx_mix_')).toEqual(['tx_mix_1', 'tx_mix_3']);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import { cleanUpReleased } from '../../server/modules/files/cleanup';
import { referenceCheck } from '../../server/modules/files/references';
import { onlineUrl } from '../support/online-fixtures';
import { multipartBody } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
import { call, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../support/test-app';

/**
 * Files of deleted records (server/modules/files/records.ts releaseFiles, cleanup.ts
 * cleanUpReleased): a record delete, an edit that drops a file, a detail row removed and a
 * page delete release the files; the clean-up removes them UPLOAD_TEMP_HOURS later from disk
 * and sys_file, unless another record (any page, an avatar, an announcement) still names them.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const TEMP_HOURS = 24;
const LATER = () => Date.now() + (TEMP_HOURS + 1) * 3_600_000;
const SOON = () => Date.now() + (TEMP_HOURS - 1) * 3_600_000;

const CODE = 'fr_doc';
const ITEM = 'fr_doc_item';
const PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: CODE,
  title: '释放文档',
  kind: 'master-detail',
  table: {
    name: 'fr_doc',
    columns: [
      { name: 'title', type: 'string', length: 50 },
      { name: 'attachments', type: 'string', length: 2000 },
      { name: 'content', type: 'text' },
    ],
  },
  fields: [
    { name: 'title', label: '标题', type: 'input' },
    { name: 'attachments', label: '附件', type: 'file' },
    { name: 'content', label: '内容', type: 'richtext' },
  ],
  details: [
    {
      code: ITEM,
      title: '释放明细',
      foreignKey: 'docId',
      table: {
        name: 'fr_doc_item',
        columns: [
          { name: 'doc_id', type: 'string', length: 32 },
          { name: 'photo', type: 'string', length: 255 },
        ],
      },
      fields: [
        { name: 'docId', label: '文档', type: 'hidden', list: false },
        { name: 'photo', label: '照片', type: 'file' },
      ],
    },
  ],
};

let t: TestApp;
let filesDir: string;
let admin: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-file-release-'));
  t = await createTestApp({ env: { FILES_DIR: filesDir } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const saved = await call(t.app, 'POST', PAGE_API.add, {
    token: admin,
    body: { definition: PAGE },
  });
  expect(saved.body.success, saved.body.message).toBe(true);
  const menu = await call(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: CODE },
  });
  expect(menu.body.success, menu.body.message).toBe(true);
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function upload(name: string, content: Buffer): Promise<string> {
  const { payload, contentType } = multipartBody(name, content, { biz: 'temp' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/sys/common/upload',
    headers: { 'x-access-token': admin, 'content-type': contentType },
    payload,
  });
  const body = JSON.parse(res.body) as ApiEnvelope<string[]>;
  expect(body.success, body.message).toBe(true);
  return body.message;
}

const url = (action: string) => onlineUrl(CODE, action);
async function add(body: Record<string, unknown>): Promise<string> {
  const res = await call<string>(t.app, 'POST', url('add'), { token: admin, body });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
}
async function remove(id: string): Promise<void> {
  const res = await call(t.app, 'DELETE', url('delete'), { token: admin, query: { id } });
  expect(res.body.success, res.body.message).toBe(true);
}
async function edit(body: Record<string, unknown>): Promise<void> {
  const res = await call(t.app, 'PUT', url('edit'), { token: admin, body });
  expect(res.body.success, res.body.message).toBe(true);
}

type FileState = 'kept' | 'released' | 'gone' | 'row without file' | 'file without row';

/** `kept`: in sys_file and on disk, `released` when its release is pending; `gone`: neither. */
async function stateOf(stored: string): Promise<FileState> {
  const { rows } = await sql<{ released_at: Date | null }>`
    select released_at from sys_file where path = ${stored}`.execute(t.db.withoutPlugins());
  const onDisk = fs.existsSync(path.join(filesDir, stored));
  if (!rows[0]) return onDisk ? 'file without row' : 'gone';
  if (!onDisk) return 'row without file';
  return rows[0].released_at ? 'released' : 'kept';
}

const cleanUp = (now: () => number) =>
  cleanUpReleased(t.db, filesDir, TEMP_HOURS, referenceCheck(t.db, t.ctx.pages), now);

const html = (stored: string) => `<p>图</p><img src="/system/sys/common/static/${stored}">`;

describe('files of deleted records', () => {
  it('are released by the delete and removed UPLOAD_TEMP_HOURS later', async () => {
    const pdf = await upload('合同.pdf', PDF);
    const inline = await upload('inline.png', PNG);
    const photo = await upload('photo.png', PNG);
    const id = await add({
      title: '删除',
      attachments: pdf,
      content: html(inline),
      [ITEM]: [{ photo }],
    });
    for (const stored of [pdf, inline, photo]) expect(await stateOf(stored)).toBe('kept');

    await remove(id);
    for (const stored of [pdf, inline, photo]) expect(await stateOf(stored)).toBe('released');
    expect(await cleanUp(SOON)).toBe(0);
    for (const stored of [pdf, inline, photo]) expect(await stateOf(stored)).toBe('released');
    expect(await cleanUp(LATER)).toBe(3);
    for (const stored of [pdf, inline, photo]) expect(await stateOf(stored)).toBe('gone');
  });

  it('keeps a file another record, page or announcement still names', async () => {
    const shared = await upload('共用.png', PNG);
    const noticed = await upload('通告.png', PNG);
    const first = await add({ title: '甲', attachments: shared });
    const second = await add({ title: '乙', attachments: `${shared}`, content: html(noticed) });
    const notice = await call(t.app, 'POST', '/system/sys/annountCement/add', {
      token: admin,
      body: { titile: '引用', msgContent: html(noticed), msgType: 'ALL' },
    });
    expect(notice.body.success, notice.body.message).toBe(true);

    await remove(first);
    await remove(second);
    expect(await stateOf(shared)).toBe('released');
    expect(await stateOf(noticed)).toBe('released');
    // Saved again before the clean-up: referenced, so no longer released.
    const third = await add({ title: '丙', attachments: shared });
    expect(await stateOf(shared)).toBe('kept');
    expect(await cleanUp(LATER)).toBe(0);
    expect(await stateOf(noticed)).toBe('kept'); // the announcement names it
    await remove(third);
    expect(await cleanUp(LATER)).toBe(1);
    expect(await stateOf(shared)).toBe('gone');
  });

  it('releases what an edit drops and a detail row removed, not what stays', async () => {
    const kept = await upload('留.pdf', PDF);
    const dropped = await upload('去.pdf', PDF);
    const photo = await upload('明细.png', PNG);
    const id = await add({ title: '改', attachments: `${kept},${dropped}`, [ITEM]: [{ photo }] });
    await edit({ id, title: '改', attachments: kept, [ITEM]: [] });
    expect(await stateOf(kept)).toBe('kept');
    expect(await stateOf(dropped)).toBe('released');
    expect(await stateOf(photo)).toBe('released');
    expect(await cleanUp(LATER)).toBe(2);
    expect(await stateOf(kept)).toBe('kept');
    expect(await stateOf(dropped)).toBe('gone');
  });

  it('releases the files of a deleted page (its table is kept)', async () => {
    const pdf = await upload('页面.pdf', PDF);
    await add({ title: '页', attachments: pdf });
    const res = await call(t.app, 'DELETE', PAGE_API.delete, {
      token: admin,
      query: { code: CODE },
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await stateOf(pdf)).toBe('released');
    expect(await cleanUp(LATER)).toBeGreaterThanOrEqual(1);
    expect(await stateOf(pdf)).toBe('gone');
  });
});

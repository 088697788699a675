import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { cleanUpUnattached } from '../../server/modules/files/cleanup';
import { staticPathOf, staticPathsInHtml } from '../../server/modules/files/html-refs';
import { onlineUrl } from '../support/online-fixtures';
import { createRoleWithCodes, multipartBody } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
import {
  API,
  call,
  createTestApp,
  DEMO_PASSWORD,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * File and rich-text values of records (server/modules/online/file-values.ts): only stored
 * files are saved, they are attached to the page that saved them and guarded by its list
 * permission; html is sanitised; exports write names, imports take ids or paths. Also the
 * system screens' files: avatars and announcement images.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const UPLOAD = '/system/sys/common/upload';
const STATIC = '/system/sys/common/static/';
const PASSWORD = 'Files-pass-42';

let t: TestApp;
let filesDir: string;
let admin: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-file-values-'));
  t = await createTestApp({ env: { FILES_DIR: filesDir } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function upload(name: string, content: Buffer, token = admin): Promise<string> {
  const { payload, contentType } = multipartBody(name, content, { biz: 'temp' });
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  const body = JSON.parse(res.body) as ApiEnvelope<string[]>;
  expect(body.success, body.message).toBe(true);
  return body.message;
}

interface FileRow {
  readonly id: string;
  readonly attached_at: Date | null;
  readonly ref_page: string | null;
}

async function fileRow(stored: string): Promise<FileRow | undefined> {
  const { rows } = await sql<FileRow>`
    select id, attached_at, ref_page from sys_file where path = ${stored}`.execute(
    t.db.withoutPlugins(),
  );
  return rows[0];
}

describe('stored paths in html', () => {
  it('finds static-route urls (any prefix, encoded segments), nothing else', () => {
    expect(
      staticPathsInHtml(
        '<p><img src="/system/sys/common/static/temp/20261127/a_0123456789ab.png" />' +
          '<a href="https://x.example/system/sys/common/static/temp/20261127/%E5%90%88%E5%90%8C_0123456789ab.pdf?x=1">合同</a>' +
          '<img src="/system/sys/common/static/temp/20261127/a_0123456789ab.png">' +
          '<img src="https://elsewhere.example/a.png"><img src="/system/sys/common/static/temp/../x.png"></p>',
      ),
    ).toEqual(['temp/20261127/a_0123456789ab.png', 'temp/20261127/合同_0123456789ab.pdf']);
    expect(staticPathOf('/sys/common/static/')).toBeNull();
    expect(staticPathsInHtml(null)).toEqual([]);
  });
});

describe('avatars', () => {
  const USERS = '/system/sys/user';
  const newUser = (username: string, avatar: unknown) => ({
    username,
    realname: username,
    password: 'Avatar-pass-1',
    confirmpassword: 'Avatar-pass-1',
    avatar,
  });

  it('must be an uploaded image (or none), and is attached for every signed-in user', async () => {
    const pdf = await upload('cv.pdf', PDF);
    for (const avatar of ['temp/20261127/none_0123456789ab.png', pdf, 'https://x.example/a.png']) {
      const res = await call(t.app, 'POST', `${USERS}/add`, {
        token: admin,
        body: newUser('avatar_bad', avatar),
      });
      expect(res.body.success, avatar).toBe(false);
      expect(res.body.message).toBe('头像应为已上传的图片');
    }
    expect((await fileRow(pdf))?.attached_at).toBeNull();

    const png = await upload('me.png', PNG);
    const added = await call<string>(t.app, 'POST', `${USERS}/add`, {
      token: admin,
      body: newUser('avatar_ok', png),
    });
    expect(added.body.success, added.body.message).toBe(true);
    expect(await fileRow(png)).toMatchObject({ ref_page: null });
    expect((await fileRow(png))?.attached_at).not.toBeNull();

    // The header reads it from the session answer, and anyone signed in may sign it.
    const own = await login(t.app, 'avatar_ok', 'Avatar-pass-1');
    const info = await call<{ avatar: string }>(t.app, 'GET', API.userInfo, { token: own });
    expect(info.body.result.avatar).toBe(png);
    const other = await signedInUser(t, 'avatar_viewer', PASSWORD);
    const signed = await call<string>(t.app, 'GET', '/system/sys/common/signUrl', {
      token: other,
      query: { path: png },
    });
    expect(signed.body.success, signed.body.message).toBe(true);

    // An edit that leaves the avatar as it is, and one clearing it, pass.
    const edited = await call(t.app, 'PUT', `${USERS}/edit`, {
      token: admin,
      body: { id: added.body.result, realname: '改名', avatar: png },
    });
    expect(edited.body.success, edited.body.message).toBe(true);
    const cleared = await call(t.app, 'PUT', `${USERS}/edit`, {
      token: admin,
      body: { id: added.body.result, avatar: '' },
    });
    expect(cleared.body.success, cleared.body.message).toBe(true);
  });
});

describe('announcement images', () => {
  it('are attached when the content is saved, for every recipient', async () => {
    const png = await upload('notice.png', PNG);
    const res = await call(t.app, 'POST', '/system/sys/annountCement/add', {
      token: admin,
      body: {
        titile: '带图通告',
        msgContent: `<p>看图</p><img src="/system/sys/common/static/${png}" onerror="alert(1)">`,
        msgType: 'ALL',
      },
    });
    expect(res.body.success, res.body.message).toBe(true);
    const row = await fileRow(png);
    expect(row?.attached_at).not.toBeNull();
    expect(row?.ref_page).toBeNull();
    await cleanUpUnattached(t.db, filesDir, 0, () => Date.now() + 3_600_000);
    expect(fs.existsSync(path.join(filesDir, png))).toBe(true);
    expect(await fileRow(png)).toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Online pages: these need the `file` and `richtext` catalogue entries.

const DOC = 'fv_doc';
const ITEM = 'fv_doc_item';

const DOC_PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: DOC,
  title: '文档',
  kind: 'master-detail',
  table: {
    name: 'fv_doc',
    columns: [
      { name: 'title', type: 'string', length: 50, nullable: false },
      { name: 'attachments', type: 'string', length: 2000 },
      { name: 'content', type: 'text' },
      { name: 'cover', type: 'string', length: 255 },
    ],
  },
  fields: [
    { name: 'title', label: '标题', type: 'input', validateRules: [{ required: true }] },
    { name: 'attachments', label: '附件', type: 'file' },
    { name: 'content', label: '内容', type: 'richtext' },
    { name: 'cover', label: '封面', type: 'image' },
  ],
  details: [
    {
      code: ITEM,
      title: '文档明细',
      foreignKey: 'docId',
      table: {
        name: 'fv_doc_item',
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

describe('records of an online page with files and rich text', () => {
  let reader: string;
  let outsider: string;
  const url = (action: string) => onlineUrl(DOC, action);

  beforeAll(async () => {
    const saved = await call(t.app, 'POST', PAGE_API.add, {
      token: admin,
      body: { definition: DOC_PAGE },
    });
    expect(saved.body.success, saved.body.message).toBe(true);
    const menu = await call(t.app, 'POST', PAGE_API.addToMenu, {
      token: admin,
      body: { code: DOC },
    });
    expect(menu.body.success, menu.body.message).toBe(true);
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
    await createRoleWithCodes(t.db, 'fv_reader', [`online:${DOC}:list`]);
    reader = await signedInUser(t, 'fv_reader', PASSWORD, ['fv_reader']);
    outsider = await signedInUser(t, 'fv_outsider', PASSWORD);
  });

  const add = (body: Record<string, unknown>) =>
    call<string>(t.app, 'POST', url('add'), { token: admin, body });

  async function record(id: string): Promise<Record<string, unknown>> {
    const res = await call<Record<string, unknown>>(t.app, 'GET', url('queryById'), {
      token: admin,
      query: { id },
    });
    expect(res.body.success, res.body.message).toBe(true);
    return res.body.result;
  }

  it('refuses a path that is not a stored file, and more than 50 files', async () => {
    const real = await upload('a.png', PNG);
    for (const attachments of [
      'temp/20261127/made_up_0123456789ab.png',
      `${real},../../etc/passwd`,
    ]) {
      const res = await add({ title: '伪造', attachments });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('附件包含不存在的文件');
    }
    const many = Array.from({ length: 51 }, (_, i) => `temp/x/${i}.png`).join(',');
    expect((await add({ title: '太多', attachments: many })).body.message).toBe('附件最多50个文件');
    expect((await fileRow(real))?.attached_at).toBeNull();
  });

  it('takes only pictures in an image field', async () => {
    const pdf = await upload('封面.pdf', PDF);
    const refused = await add({ title: '封面', cover: pdf });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe('封面：请上传图片');
    const png = await upload('封面.png', PNG);
    const saved = await add({ title: '封面', cover: png });
    expect(saved.body.success, saved.body.message).toBe(true);
    expect((await record(saved.body.result)).cover).toBe(png);
  });

  it('saves stored paths and attaches them to the page; the clean-up keeps them', async () => {
    const first = await upload('合同.pdf', PDF);
    const second = await upload('b.png', PNG);
    const res = await add({ title: '合同', attachments: ` ${first} , ${second},${first}` });
    expect(res.body.success, res.body.message).toBe(true);
    expect((await record(res.body.result)).attachments).toBe(`${first},${second}`);
    for (const stored of [first, second]) {
      expect(await fileRow(stored)).toMatchObject({ ref_page: DOC });
    }
    await cleanUpUnattached(t.db, filesDir, 0, () => Date.now() + 3_600_000);
    expect(fs.existsSync(path.join(filesDir, first))).toBe(true);
    expect(await fileRow(first)).toBeDefined();
  });

  it('sanitises rich text before storing it and attaches its static-route images', async () => {
    const png = await upload('inline.png', PNG);
    const res = await add({
      title: '富文本',
      content:
        `<p onclick="x()">正文</p><script>alert(1)</script>` +
        `<img src="/system/sys/common/static/${png}" onerror="alert(2)">` +
        `<a href="javascript:alert(3)">链接</a>`,
    });
    expect(res.body.success, res.body.message).toBe(true);
    const stored = String((await record(res.body.result)).content);
    expect(stored).toContain('正文');
    expect(stored).toContain(`src="/system/sys/common/static/${png}"`);
    for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:']) {
      expect(stored).not.toContain(bad);
    }
    expect(await fileRow(png)).toMatchObject({ ref_page: DOC });
  });

  it('checks and attaches the files of detail rows', async () => {
    const photo = await upload('photo.png', PNG);
    const refused = await add({
      title: '明细',
      [ITEM]: [{ photo }, { photo: 'temp/20261127/nope_0123456789ab.png' }],
    });
    expect(refused.body.message).toBe('文档明细第2行：照片包含不存在的文件');
    expect((await fileRow(photo))?.attached_at).toBeNull();
    const saved = await add({ title: '明细', [ITEM]: [{ photo }] });
    expect(saved.body.success, saved.body.message).toBe(true);
    expect(await fileRow(photo)).toMatchObject({ ref_page: DOC });
  });

  it('serves and signs a file of the page only for holders of its list permission', async () => {
    const secret = await upload('secret.pdf', PDF);
    expect((await add({ title: '机密', attachments: secret })).body.success).toBe(true);

    const fetchAs = (token: string) =>
      t.app.inject({ method: 'GET', url: STATIC + secret, headers: { 'x-access-token': token } });
    const refused = await fetchAs(outsider);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      success: false,
      message: '没有权限访问该文件',
    });
    expect((await fetchAs(reader)).statusCode).toBe(200);
    expect((await fetchAs(admin)).statusCode).toBe(200);

    const sign = (token: string) =>
      call<string>(t.app, 'GET', '/system/sys/common/signUrl', { token, query: { path: secret } });
    const notSigned = await sign(outsider);
    expect(notSigned.status).toBe(403);
    expect(notSigned.body.message).toBe('没有权限访问该文件');
    const signed = await sign(reader);
    expect(signed.body.success, signed.body.message).toBe(true);
    const viaLink = await t.app.inject({ method: 'GET', url: `/system${signed.body.result}` });
    expect(viaLink.statusCode).toBe(200);
  });

  it('exports files by their upload names and rich text as plain text', async () => {
    const named = await upload('季度报告.pdf', PDF);
    const res = await add({
      title: '导出用',
      attachments: named,
      content: '<p>第一段</p><p>含 &lt;b&gt; 与 <b>粗体</b></p>',
    });
    expect(res.body.success, res.body.message).toBe(true);
    // A path sys_file no longer holds (written around the API) reads as its name part.
    await sql`update fv_doc set attachments = ${`${named},temp/20261127/旧图_0123456789ab.png`}
      where id = ${res.body.result}`.execute(t.db.withoutPlugins());
    const xls = await t.app.inject({
      method: 'GET',
      url: url('exportXls'),
      query: { selections: res.body.result },
      headers: { 'x-access-token': admin },
    });
    expect(xls.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['标题', '附件', '内容', '封面']);
    expect(rows[1]![1]).toBe('季度报告.pdf, 旧图.png');
    expect(rows[1]![2]).toBe('第一段含 <b> 与 粗体');
  });

  it('imports files named by id or stored path, and refuses anything else per row', async () => {
    const byId = await upload('按id.png', PNG);
    const byPath = await upload('按路径.png', PNG);
    const id = (await fileRow(byId))!.id;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('导入');
    sheet.addRow(['标题', '附件']);
    sheet.addRow(['导入甲', `${id},${byPath}`]);
    sheet.addRow(['导入乙', '不存在的文件.png']);
    sheet.addRow(['导入丙', 'https://x.example/a.png']);
    const { payload, contentType } = multipartBody(
      'import.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      { isSingleTableImport: '1' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: url('importExcel'),
      headers: { 'x-access-token': admin, 'content-type': contentType },
      payload,
    });
    const body = JSON.parse(res.body) as ApiEnvelope<ImportResult>;
    expect(body.result).toMatchObject({ totalCount: 3, successCount: 1, errorCount: 2 });

    const list = await call<Page<Record<string, unknown>>>(t.app, 'GET', url('list'), {
      token: admin,
      query: { title: '导入甲' },
    });
    expect(list.body.result.records[0]?.attachments).toBe(`${byId},${byPath}`);
    expect(await fileRow(byId)).toMatchObject({ ref_page: DOC });
    expect(await fileRow(byPath)).toMatchObject({ ref_page: DOC });

    const errors = await t.app.inject({
      method: 'GET',
      url: `/system${body.result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(text.match(/附件：文件不存在/g)).toHaveLength(2);
  });
});

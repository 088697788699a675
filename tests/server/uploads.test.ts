import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { cleanUpUnattached } from '../../server/modules/files/cleanup';
import { attachFiles } from '../../server/modules/files/records';
import { SIGNED_URL_MINUTES, urlSigner } from '../../server/modules/files/signed-url';
import { createRoleWithCodes } from '../support/online-tables';
import {
  createTestApp,
  DEMO_PASSWORD,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';
import { multipartFiles, type FilePart } from '../support/multipart';

/** POST /sys/common/upload and GET /sys/common/static/*: types by content, limits, safe serving. */

const UPLOAD = '/system/sys/common/upload';
const STATIC = '/system/sys/common/static/';

let t: TestApp;
let token: string;
let filesDir: string;
let outside: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const multipart = (files: readonly FilePart[], fields: Record<string, string> = {}) =>
  multipartFiles(files, fields, { contentType: 'image/png' });

async function upload(
  files: readonly FilePart[],
  options: { fields?: Record<string, string>; token?: string; app?: TestApp } = {},
) {
  const { payload, contentType } = multipart(files, options.fields);
  const res = await (options.app ?? t).app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: {
      'content-type': contentType,
      ...(options.token !== '' ? { 'x-access-token': options.token ?? token } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as ApiEnvelope<string[]> };
}

function fetchStaticAs(rawPath: string, as: string) {
  return t.app.inject({ method: 'GET', url: STATIC + rawPath, headers: { 'x-access-token': as } });
}

function fetchStatic(rawPath: string, withToken = true) {
  return t.app.inject({
    method: 'GET',
    url: STATIC + rawPath,
    headers: withToken ? { 'x-access-token': token } : {},
  });
}

function storedFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(filesDir, full).split(path.sep).join('/'));
    }
  };
  if (fs.existsSync(filesDir)) walk(filesDir);
  return found;
}

async function docx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('word/document.xml', '<?xml version="1.0"?><w:document/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A docx whose central directory declares ~4 GB for one entry (a zip bomb's signature). */
async function zipBombDocx(): Promise<Buffer> {
  const buffer = Buffer.from(await docx());
  for (let i = 0; i + 4 <= buffer.length; i++) {
    if (buffer.readUInt32LE(i) === 0x02014b50) buffer.writeUInt32LE(0xfffffff0, i + 24);
  }
  return buffer;
}

/** An xlsx whose one sheet unpacks from well under 1 MB to 80 MB (a real, highly compressed bomb). */
async function compressedBombXlsx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024, 0x20));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

beforeAll(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-uploads-'));
  filesDir = path.join(root, 'files');
  outside = path.join(root, 'secret.txt');
  fs.mkdirSync(filesDir);
  fs.writeFileSync(outside, 'outside FILES_DIR');
  t = await createTestApp({
    env: {
      FILES_DIR: filesDir,
      UPLOAD_MAX_MB: '1',
      UPLOAD_MAX_FILES: '3',
      UPLOAD_DAILY_FILES: '30',
    },
  });
  token = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

describe('upload', () => {
  it('stores a PNG named .exe as a png under a server-made name, the name kept as metadata', async () => {
    const res = await upload([{ name: 'setup.exe', content: PNG }]);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.code).toBe(0);
    const stored = res.body.message;
    expect(stored).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(res.body.result).toEqual([stored]);
    expect(fs.readFileSync(path.join(filesDir, stored))).toEqual(PNG);
    const { rows } = await sql<{ original_name: string; mime: string; size: string }>`
      select original_name, mime, size from sys_file where path = ${stored}`.execute(
      t.db.withoutPlugins(),
    );
    expect(rows[0]).toMatchObject({ original_name: 'setup.exe', mime: 'image/png' });
    expect(Number(rows[0]!.size)).toBe(PNG.length);
  });

  it('never uses the client name as a path: ../ and absolute names land in the biz folder', async () => {
    for (const name of [
      '../../evil.png',
      '/etc/passwd.png',
      '..\\..\\evil.png',
      '%2e%2e%2fevil.png',
    ]) {
      const res = await upload([{ name, content: PNG }], { fields: { biz: 'avatar' } });
      expect(res.body.success, name).toBe(true);
      expect(res.body.message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{32}\.png$/);
    }
    expect(storedFiles().every((f) => !f.includes('evil') && !f.includes('passwd'))).toBe(true);
  });

  it('refuses a biz that is a path', async () => {
    for (const biz of ['../x', 'a/b', '/tmp', '..']) {
      const res = await upload([{ name: 'a.png', content: PNG }], { fields: { biz } });
      expect(res.body.success, biz).toBe(false);
    }
  });

  it('answers several files with a comma-separated message and a list', async () => {
    const res = await upload([
      { name: 'a.png', content: PNG },
      { name: 'b.pdf', content: PDF },
    ]);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toHaveLength(2);
    expect(res.body.message).toBe(res.body.result.join(','));
    expect(res.body.result[1]).toMatch(/\.pdf$/);
  });

  it('refuses HTML and SVG named .png, and unknown content', async () => {
    const before = storedFiles().length;
    for (const content of [
      '<!doctype html><script>alert(1)</script>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '\ufeff  <html><body>x</body></html>',
      'plain text is not allowed by default',
    ]) {
      const res = await upload([{ name: 'pic.png', content: Buffer.from(content) }]);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain('不支持的文件类型：pic.png');
    }
    const res = await upload([{ name: 'x.bin', content: Buffer.from([0, 1, 2, 3, 4, 5]) }]);
    expect(res.body.success).toBe(false);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses zero bytes, oversize and too many files, keeping nothing', async () => {
    const before = storedFiles().length;
    const empty = await upload([{ name: 'empty.png', content: Buffer.alloc(0) }]);
    expect(empty.body).toMatchObject({ success: false, message: '文件为空：empty.png' });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const over = await upload([{ name: 'big.png', content: big }]);
    expect(over.body).toMatchObject({ success: false, message: '文件大小超过限制（最大1MB）' });
    const many = await upload(
      Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, content: PNG })),
    );
    expect(many.body).toMatchObject({ success: false, message: '一次最多上传3个文件' });
    // One bad file refuses the whole request.
    const mixed = await upload([
      { name: 'ok.png', content: PNG },
      { name: 'bad.png', content: Buffer.from('<svg/>') },
    ]);
    expect(mixed.body.success).toBe(false);
    expect(storedFiles().length).toBe(before);
  });

  it('accepts a docx and refuses a zip bomb inside an allowed type', async () => {
    const good = await upload([{ name: 'doc.docx', content: await docx() }]);
    expect(good.body.success, good.body.message).toBe(true);
    expect(good.body.message).toMatch(/\.docx$/);
    const bomb = await upload([{ name: 'bomb.docx', content: await zipBombDocx() }]);
    expect(bomb.body.success).toBe(false);
    expect(bomb.body.message).toBe('压缩内容过大或条目过多，已拒绝：bomb.docx');
    const packed = await compressedBombXlsx();
    expect(packed.length).toBeLessThan(1024 * 1024);
    const real = await upload([{ name: 'sheet.xlsx', content: packed }]);
    expect(real.body.message).toBe('压缩内容过大或条目过多，已拒绝：sheet.xlsx');
  });

  it('refuses anonymous callers', async () => {
    const res = await upload([{ name: 'a.png', content: PNG }], { token: '' });
    expect(res.status).toBe(401);
  });

  it('refuses past the 24-hour quota with a clear message', async () => {
    const small = await createTestApp({
      database: undefined,
      env: { FILES_DIR: filesDir, UPLOAD_DAILY_FILES: '2' },
    });
    try {
      const own = await login(small.app, 'admin', DEMO_PASSWORD);
      const first = await upload([{ name: 'a.png', content: PNG }], { app: small, token: own });
      expect(first.body.success).toBe(true);
      const second = await upload(
        [
          { name: 'b.png', content: PNG },
          { name: 'c.png', content: PNG },
        ],
        { app: small, token: own },
      );
      expect(second.status).toBe(429);
      expect(second.body.message).toBe('24小时内上传已达上限（2个文件或500MB），请稍后再试');
      const third = await upload([{ name: 'd.png', content: PNG }], { app: small, token: own });
      expect(third.body.success).toBe(true);
      const spent = await upload([{ name: 'e.png', content: PNG }], { app: small, token: own });
      expect(spent.status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('static', () => {
  it('serves a png inline with its real type, a pdf as an attachment, both nosniff + sandbox', async () => {
    const png = (await upload([{ name: '头像.exe', content: PNG }])).body.message;
    const pdf = (await upload([{ name: 'page.png', content: PDF }])).body.message;
    const image = await fetchStatic(png);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(
      /^inline; filename="__\.png"; filename\*=UTF-8''%E5%A4%B4%E5%83%8F\.png$/,
    );
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.rawPayload).toEqual(PNG);
    const doc = await fetchStatic(pdf);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toMatch(/^attachment;/);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a file the server wrote itself (not in sys_file) as an attachment, never text/html', async () => {
    fs.mkdirSync(path.join(filesDir, 'import'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'import', 'page.html'), '<script>alert(1)</script>');
    const res = await fetchStatic('import/page.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses anonymous callers', async () => {
    const png = (await upload([{ name: 'a.png', content: PNG }])).body.message;
    expect((await fetchStatic(png, false)).statusCode).toBe(401);
  });

  it('never serves a file outside FILES_DIR, whatever the encoding', async () => {
    const variants = [
      '../secret.txt',
      '..%2fsecret.txt',
      '%2e%2e%2fsecret.txt',
      '%2e%2e/secret.txt',
      '..%5csecret.txt',
      '..\\secret.txt',
      'temp/../../secret.txt',
      'temp/%2e%2e/%2e%2e/secret.txt',
      encodeURIComponent(outside),
      '%2fetc%2fpasswd',
      '.incoming/x',
      'temp%00.png',
    ];
    for (const variant of variants) {
      const res = await fetchStatic(variant);
      expect([400, 404], variant).toContain(res.statusCode);
      expect(res.body, variant).not.toContain('outside FILES_DIR');
      expect(res.body, variant).not.toContain('root:');
    }
  });
});

describe('signed URLs (for <img src>)', () => {
  it('serve a file without the token header until they expire, and only the signed path', async () => {
    const png = (await upload([{ name: 'a.png', content: PNG }])).body.message;
    const other = (await upload([{ name: 'b.pdf', content: PDF }])).body.message;
    const signed = await t.app.inject({
      method: 'GET',
      url: '/system/sys/common/signUrl',
      query: { path: png },
      headers: { 'x-access-token': token },
    });
    const url = (JSON.parse(signed.body) as ApiEnvelope<string>).result;
    expect(url).toMatch(
      /^\/sys\/common\/signed\/temp\/\d{8}\/[0-9a-f]{32}\.png\?sig=\d+\.[\w-]{43}$/,
    );
    const image = await t.app.inject({ method: 'GET', url: `/system${url}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const sig = url.split('?sig=')[1]!;
    const swapped = await t.app.inject({
      method: 'GET',
      url: `/system/sys/common/signed/${other}?sig=${sig}`,
    });
    expect(swapped.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/system/sys/common/signed/${png}?sig=9999999999999.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(401);
    const signer = urlSigner('k');
    const later = signer.sign(png, 0);
    expect(signer.verify(png, later, SIGNED_URL_MINUTES * 60_000 - 1)).toBe(true);
    expect(signer.verify(png, later, SIGNED_URL_MINUTES * 60_000 + 1)).toBe(false);
  });

  it('are refused for paths outside FILES_DIR', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/system/sys/common/signUrl',
      query: { path: '../secret.txt' },
      headers: { 'x-access-token': token },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('files attached to a page', () => {
  it('are served and signed only for holders of the page list permission', async () => {
    await createRoleWithCodes(t.db, 'up_reader', ['online:up_guarded:list']);
    const reader = await signedInUser(t, 'up_reader', 'Reader-pass-1', ['up_reader']);
    const outsider = await signedInUser(t, 'up_outsider', 'Outsider-pass-1');
    const pdf = (await upload([{ name: 'guarded.pdf', content: PDF }], { token: reader })).body
      .message;
    // Before it is attached (an upload not saved yet) anyone signed in may read it.
    expect((await fetchStaticAs(pdf, outsider)).statusCode).toBe(200);
    expect(await attachFiles(t.db, [pdf], 'up_guarded')).toBe(1);
    // The first attachment wins.
    expect(await attachFiles(t.db, [pdf], 'up_other')).toBe(0);
    const { rows } = await sql<{ ref_page: string }>`
      select ref_page from sys_file where path = ${pdf}`.execute(t.db.withoutPlugins());
    expect(rows[0]?.ref_page).toBe('up_guarded');

    const refused = await fetchStaticAs(pdf, outsider);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ message: '没有权限访问该文件' });
    expect(refused.body).not.toContain('%PDF');
    expect((await fetchStaticAs(pdf, reader)).statusCode).toBe(200);

    const sign = (as: string) =>
      t.app.inject({
        method: 'GET',
        url: '/system/sys/common/signUrl',
        query: { path: pdf },
        headers: { 'x-access-token': as },
      });
    const notSigned = await sign(outsider);
    expect(notSigned.statusCode).toBe(403);
    expect(JSON.parse(notSigned.body)).toMatchObject({ message: '没有权限访问该文件' });
    const signed = JSON.parse((await sign(reader)).body) as ApiEnvelope<string>;
    expect(signed.success).toBe(true);
    const viaLink = await t.app.inject({ method: 'GET', url: `/system${signed.result}` });
    expect(viaLink.statusCode).toBe(200);
  });

  it('are named and signed in one fileInfo call, left out for callers without the page', async () => {
    await createRoleWithCodes(t.db, 'up_info_reader', ['online:up_info:list']);
    const reader = await signedInUser(t, 'up_info', 'Reader-pass-1', ['up_info_reader']);
    const outsider = await signedInUser(t, 'up_info_out', 'Outsider-pass-1');
    const [open, guarded] = (
      await upload(
        [
          { name: '合同扫描.png', content: PNG },
          { name: '预算.pdf', content: PDF },
        ],
        { token: reader },
      )
    ).body.result;
    await attachFiles(t.db, [guarded!], 'up_info');
    const info = async (as: string, paths: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/system/sys/common/fileInfo',
        query: { paths },
        headers: { 'x-access-token': as },
      });
      return JSON.parse(res.body) as ApiEnvelope<{ path: string; name: string; url: string }[]>;
    };
    const asked = `${open},${guarded},temp/20260101/unknown.png,../etc/passwd`;
    const seen = await info(reader, asked);
    expect(seen.result.map((f) => [f.path, f.name])).toEqual(
      expect.arrayContaining([
        [open, '合同扫描.png'],
        [guarded, '预算.pdf'],
      ]),
    );
    expect(seen.result).toHaveLength(2);
    const viaLink = await t.app.inject({ method: 'GET', url: `/system${seen.result[0]!.url}` });
    expect(viaLink.statusCode).toBe(200);
    // The outsider learns nothing of the guarded file, not even its name.
    const outside = await info(outsider, asked);
    expect(outside.result.map((f) => f.path)).toEqual([open]);
    const tooMany = await info(
      reader,
      Array.from({ length: 51 }, (_, i) => `a/${i}.png`).join(','),
    );
    expect(tooMany.success).toBe(false);
    expect(tooMany.message).toBe('一次最多查询50个文件');
  });

  it('are reached by their one stored spelling only (no doubled or trailing slash)', async () => {
    const png = (await upload([{ name: 'one.png', content: PNG }])).body.message;
    const [biz, day, name] = png.split('/');
    for (const variant of [`${biz}//${day}/${name}`, `${png}/`, `${biz}/${day}//${name}`]) {
      expect((await fetchStatic(variant)).statusCode, variant).toBe(400);
      const sign = await t.app.inject({
        method: 'GET',
        url: '/system/sys/common/signUrl',
        query: { path: variant },
        headers: { 'x-access-token': token },
      });
      expect(sign.statusCode, variant).toBe(400);
    }
    expect((await fetchStatic(png)).statusCode).toBe(200);
  });
});

describe('clean-up', () => {
  it('removes only unattached files older than UPLOAD_TEMP_HOURS, rows and disk files', async () => {
    const kept = (await upload([{ name: 'kept.png', content: PNG }])).body.message;
    const dropped = (await upload([{ name: 'dropped.png', content: PNG }])).body.message;
    expect(await attachFiles(t.db, [kept, 'temp/unknown.png'])).toBe(1);
    const fresh = (await upload([{ name: 'fresh.png', content: PNG }])).body.message;
    // Now: nothing is 24 hours old yet.
    await cleanUpUnattached(t.db, filesDir, 24);
    expect(fs.existsSync(path.join(filesDir, dropped))).toBe(true);
    // 25 hours later every unattached upload of this test is old enough.
    const removed = await cleanUpUnattached(t.db, filesDir, 24, () => Date.now() + 25 * 3600_000);
    expect(removed).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(filesDir, kept))).toBe(true);
    expect(fs.existsSync(path.join(filesDir, dropped))).toBe(false);
    expect(fs.existsSync(path.join(filesDir, fresh))).toBe(false);
    const { rows } = await sql<{ path: string }>`select path from sys_file`.execute(
      t.db.withoutPlugins(),
    );
    // Of every upload so far only the attached ones are left (kept, and the page files of the
    // tests above).
    expect(rows.map((r) => r.path)).toContain(kept);
    expect(rows.map((r) => r.path).filter((p) => [dropped, fresh].includes(p))).toEqual([]);
    expect(rows).toHaveLength(3);
    expect(fs.existsSync(path.join(filesDir, 'import', 'page.html'))).toBe(true);
    expect(fs.existsSync(outside)).toBe(true);
  });
});

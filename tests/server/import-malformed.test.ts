import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { MSG_BAD_FORMAT } from '../../server/http/sheet/upload-rows';
import { onlineUrl, setUpOnlineApp, type OnlineApp } from '../support/online-fixtures';
import { multipartBody } from '../support/online-tables';
import { DEMO_PASSWORD, login } from '../support/test-app';

/**
 * A file that looks like a spreadsheet but is not one a reader understands is refused with a
 * clear message by every import — system screens and page tables alike, since they share one
 * reader (server/http/sheet/upload-rows.ts) — never a 500 and never a request left hanging.
 */

let o: OnlineApp;
let admin: string;

beforeAll(async () => {
  o = await setUpOnlineApp();
  admin = await login(o.t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await o?.close();
});

/** System screens (signed in as admin) and a page table (its manager). */
const IMPORTS = [
  '/system/sys/position/importExcel',
  '/system/sys/user/importExcel',
  '/system/sys/dict/importExcel',
  onlineUrl('test_order', 'importExcel'),
  onlineUrl('test_category', 'importExcel'),
];

const OLE_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/** A zip of the given entries, each deflated, with a central directory. */
function zipOf(entries: Record<string, string>, corrupt = false): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = Buffer.from(zlib.deflateRawSync(raw));
    if (corrupt) for (let i = 2; i < data.length; i += 3) data[i] = data[i]! ^ 0x5a;
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_XML =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  Array.from(
    { length: 400 },
    (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>名称${i}</t></is></c></row>`,
  ).join('') +
  '</sheetData></worksheet>';

const MALFORMED: [string, string, Buffer][] = [
  ['a 17-byte .xls', 'a.xls', Buffer.concat([OLE_MAGIC, Buffer.from('123456789')])],
  ['an OLE header and noise', 'b.xls', Buffer.concat([OLE_MAGIC, Buffer.alloc(4096, 0x37)])],
  ['a zip that is not a workbook', 'c.xlsx', zipOf({ 'hello.txt': 'not a workbook' })],
  [
    'a workbook whose sheet does not inflate',
    'd.xlsx',
    zipOf({ 'xl/worksheets/sheet1.xml': SHEET_XML, 'xl/workbook.xml': '<workbook/>' }, true),
  ],
  [
    'a workbook whose sheet is not XML',
    'e.xlsx',
    zipOf({ 'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row><<&&' }),
  ],
];

async function upload(url: string, fileName: string, content: Buffer) {
  const { payload, contentType } = multipartBody(fileName, content);
  const token = url.includes('/online/') ? o.manager : admin;
  const res = await o.t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as ApiEnvelope<unknown> };
}

describe('malformed spreadsheets', () => {
  it.each(MALFORMED)('%s is 文件格式错误 on every import', async (_label, fileName, content) => {
    for (const url of IMPORTS) {
      const res = await upload(url, fileName, content);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toMatchObject({ success: false, code: 500, message: MSG_BAD_FORMAT });
    }
  });

  it('random bytes are refused as not a spreadsheet', async () => {
    const random = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
    for (const url of IMPORTS) {
      const res = await upload(url, 'r.xlsx', random);
      expect(res.body, url).toMatchObject({
        success: false,
        message: '只能导入 Excel 文件（.xlsx 或 .xls）',
      });
    }
  });

  it('a sound workbook still imports after the broken ones', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['职务编码', '职务名称', '职级']);
    sheet.addRow(['malformed_ok', '导入职务', '员级']);
    const res = await upload(IMPORTS[0]!, 'ok.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.body.message).toMatch(/^文件导入成功/);
  });
});

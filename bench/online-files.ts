import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BENCH_CODE, BENCH_ROWS, setUpBenchDatabase } from './online-setup';
import { startServer, type RunningServer } from './server-process';

/**
 * `exportXls` of every row of the 100,000-row online table and `importExcel` of that file:
 * time and the server's RSS (the embedded database lives in the server process, so its memory
 * counts): the peak during each call and the growth over the RSS just before it (issue 15
 * targets: export ≤ 8 s and ≤ 100 MB, import ≤ 15 s and ≤ 200 MB). `npm run bench online` runs
 * this after the list load; `npm run bench import` runs it alone.
 */

type Print = (name: string, value: number) => void;
const API = `/system/online/cgform/api/${BENCH_CODE}`;

export function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Runs `work`, sampling the process's resident memory; time in ms, start and peak in MB. */
async function measured<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ ms: number; startMb: number; peakMb: number; value: T }> {
  const start = rssKb(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    return { ms, startMb: start / 1024, peakMb: Math.max(peak, rssKb(pid)) / 1024, value };
  } finally {
    clearInterval(timer);
  }
}

/** The first rows of an import's error workbook, as text (to say why an import failed). */
async function firstErrors(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const lines: string[] = [];
  book.worksheets[0]?.eachRow((row, n) => {
    if (n <= 4) lines.push(JSON.stringify(row.values));
  });
  return lines.join('\n');
}

export async function login(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/system/module/default/member/admin/nl/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: '123456' }),
  });
  const body = (await res.json()) as { success: boolean; result: { tokenValue: string } };
  if (!body.success) throw new Error('admin login refused');
  return body.result.tokenValue;
}

/** Exports every row, imports the file back; prints time, peak and growth of each. */
export async function benchExportImport(
  server: RunningServer,
  headers: Record<string, string>,
  print: Print,
): Promise<void> {
  const pid = server.process.pid!;
  print('online.rss_before_export_mb', Math.round(rssKb(pid) / 1024));
  const exported = await measured(pid, async () => {
    const res = await fetch(`${server.baseURL}${API}/exportXls`, { headers });
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  });
  print('online.export_100k_ms', Math.round(exported.ms));
  print('online.export_peak_mb', Math.round(exported.peakMb));
  print('online.export_growth_mb', Math.round(exported.peakMb - exported.startMb));

  const imported = await measured(pid, async () => {
    const form = new FormData();
    form.append('files[]', new Blob([exported.value]), '压测订单.xlsx');
    const res = await fetch(`${server.baseURL}${API}/importExcel`, {
      method: 'POST',
      headers,
      body: form,
    });
    return (await res.json()) as {
      success: boolean;
      message: string;
      result: { msg?: string; fileUrl?: string } | null;
    };
  });
  if (imported.value.message !== `文件导入成功！数据行数：${BENCH_ROWS}`) {
    const { msg, fileUrl } = imported.value.result ?? {};
    const errors = fileUrl ? await firstErrors(`${server.baseURL}/system${fileUrl}`, headers) : '';
    throw new Error(`import answered: ${imported.value.message} ${msg ?? ''}\n${errors}`);
  }
  print('online.import_100k_ms', Math.round(imported.ms));
  print('online.import_peak_mb', Math.round(imported.peakMb));
  print('online.import_growth_mb', Math.round(imported.peakMb - imported.startMb));
}

/** `npm run bench import`: the export and import alone, on a fresh 100,000-row table. */
export async function benchImport(print: Print): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-import-'));
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-files-'));
  try {
    console.error(`[import] creating ${BENCH_ROWS} rows`);
    await setUpBenchDatabase(dataDir, { pageNo: '1' });
    const server = await startServer({ DATA_DIR: dataDir, FILES_DIR: filesDir });
    try {
      const headers = { 'x-access-token': await login(server.baseURL) };
      // One list call first, as a user opens the page before exporting it.
      await fetch(`${server.baseURL}${API}/list?pageNo=1&pageSize=10`, { headers });
      await benchExportImport(server, headers, print);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}

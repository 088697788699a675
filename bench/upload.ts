import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from './online-list';
import { LAUNCH_ENV, ROOT, freePort, startServer } from './server-process';

/**
 * Upload of one 20 MB file (issue 14): time of `POST /system/sys/common/upload` and the server's
 * resident memory growth while it streams to disk, against bare Fastify + @fastify/multipart
 * writing the same request to a file (`bare-upload-server.ts`). Figures: `upload.20mb_ms`,
 * `upload.bare_20mb_ms`, `upload.20mb_ratio` (ours ÷ bare), `upload.rss_growth_mb` (peak RSS
 * during the upload minus RSS before it; the file's size would show if it were buffered).
 */

type Print = (name: string, value: number) => void;
const SIZE = 20 * 1024 * 1024;
const RUNS = 5;

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** A 20 MB PDF by content (the upload's type check reads the magic bytes). */
function pdfBody(): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(SIZE).fill(0x20);
  const text = new TextEncoder();
  body.set(text.encode('%PDF-1.4\n'), 0);
  body.set(text.encode('\n%%EOF\n'), SIZE - 7);
  return body;
}

async function timedUpload(
  url: string,
  pid: number,
  headers: Record<string, string>,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ ms: number; growthMb: number }> {
  const before = rssKb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  const form = new FormData();
  form.append('biz', 'bench');
  form.append('file', new Blob([body], { type: 'application/pdf' }), 'bench.pdf');
  const started = performance.now();
  try {
    const res = await fetch(url, { method: 'POST', headers, body: form });
    const answer = (await res.json()) as { success: boolean; message: string };
    if (!answer.success) throw new Error(`${url}: ${answer.message}`);
    return { ms: performance.now() - started, growthMb: (peak - before) / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchUpload(print: Print): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-upload-'));
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-upload-bare-'));
  const body = pdfBody();
  const server = await startServer({ DATA_DIR: dataDir, UPLOAD_MAX_MB: '30' });
  const port = await freePort();
  const bare = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/bare-upload-server.ts')],
    {
      cwd: ROOT,
      env: { ...LAUNCH_ENV, PORT: String(port), BARE_FILES_DIR: bareDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      bare.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      bare.once('exit', (code) => reject(new Error(`bare upload server exited (${code})`)));
    });
    const token = await login(server.baseURL);
    const ours = `${server.baseURL}/system/sys/common/upload`;
    const baseline = `http://127.0.0.1:${port}/bare/upload`;
    const headers = { 'X-Access-Token': token };
    // Alternate the two so both see the same machine state; the first of each warms up.
    const oursRuns: { ms: number; growthMb: number }[] = [];
    const bareRuns: { ms: number; growthMb: number }[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const a = await timedUpload(ours, server.process.pid!, headers, body);
      const b = await timedUpload(baseline, bare.pid!, {}, body);
      if (i > 0) {
        oursRuns.push(a);
        bareRuns.push(b);
      }
    }
    const oursMs = median(oursRuns.map((r) => r.ms));
    const bareMs = median(bareRuns.map((r) => r.ms));
    print('upload.20mb_ms', Math.round(oursMs));
    print('upload.bare_20mb_ms', Math.round(bareMs));
    print('upload.20mb_ratio', Number((oursMs / bareMs).toFixed(2)));
    print('upload.rss_growth_mb', Number(Math.max(...oursRuns.map((r) => r.growthMb)).toFixed(1)));
    print(
      'upload.bare_rss_growth_mb',
      Number(Math.max(...bareRuns.map((r) => r.growthMb)).toFixed(1)),
    );
  } finally {
    bare.kill('SIGTERM');
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}

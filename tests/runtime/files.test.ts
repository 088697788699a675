import { describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { createFileClient, UploadError } from '../../src/runtime/files';
import { HttpError, type Http, type RequestOptions } from '../../src/runtime/http';
import { envelope } from './fakes';
import { answerFileLookup } from '../support/file-server-fake';

function fakeHttp(overrides: Partial<Http> = {}): Http {
  const refuse = () => Promise.reject(new Error('not used'));
  return {
    baseURL: '/system',
    get: refuse,
    post: refuse,
    put: refuse,
    delete: refuse,
    blob: refuse,
    upload: refuse,
    ...overrides,
  } as Http;
}

const file = () => new File(['x'], '合同.pdf', { type: 'application/pdf' });

describe('file client (src/runtime/files.ts)', () => {
  it('uploads biz, isup and the file to the upload route, reporting progress', async () => {
    let sent: { url: string; form: FormData } | null = null;
    const progress: number[] = [];
    const http = fakeHttp({
      upload: async <T>(url: string, form: FormData, options?: RequestOptions) => {
        sent = { url, form };
        options?.onUploadProgress?.(50);
        return envelope(['temp/a.pdf'], { message: 'temp/a.pdf' }) as ApiEnvelope<T>;
      },
    });
    const path = await createFileClient(http).upload(file(), {
      biz: 'contract',
      onProgress: (p) => progress.push(p),
    });
    expect(path).toBe('temp/a.pdf');
    expect(sent!.url).toBe('/sys/common/upload');
    expect(sent!.form.get('biz')).toBe('contract');
    expect(sent!.form.get('isup')).toBe('1');
    expect((sent!.form.get('file') as File).name).toBe('合同.pdf');
    expect(progress).toEqual([50]);
  });

  it('reads the path from responseName', async () => {
    const http = fakeHttp({
      upload: async <T>() =>
        ({ ...envelope(null, { message: 'ok' }), url: 'biz/b.pdf' }) as unknown as ApiEnvelope<T>,
    });
    expect(await createFileClient(http).upload(file(), { responseName: 'url' })).toBe('biz/b.pdf');
  });

  it('rejects with the server message, else 未知错误', async () => {
    const refused = fakeHttp({
      upload: async <T>() =>
        envelope(null, { success: false, message: '文件太大' }) as ApiEnvelope<T>,
    });
    await expect(createFileClient(refused).upload(file())).rejects.toEqual(
      new UploadError('文件太大'),
    );
    const silent = fakeHttp({
      upload: async <T>() => envelope(null, { success: false, message: '' }) as ApiEnvelope<T>,
    });
    await expect(createFileClient(silent).upload(file())).rejects.toThrow('未知错误');
    const http500 = fakeHttp({
      upload: () =>
        Promise.reject(
          new HttpError(500, { kind: 'server', description: '服务器错误' } as never, {
            message: '磁盘已满',
          }),
        ),
    });
    await expect(createFileClient(http500).upload(file())).rejects.toThrow('磁盘已满');
  });

  it('asks a signed view URL once and reuses it for 8 minutes', async () => {
    let now = 0;
    let asked = 0;
    const get = async <T>(url: string, params?: object) => {
      asked++;
      return answerFileLookup(
        url,
        params,
        (p) => `/sys/common/static/${p}?sig=1`,
      ) as ApiEnvelope<T>;
    };
    const client = createFileClient(fakeHttp({ get }), () => now);
    expect(await client.viewUrl('a.png')).toBe('/system/sys/common/static/a.png?sig=1');
    await client.viewUrl('a.png');
    expect(asked).toBe(1);
    now = 8 * 60_000 + 1;
    await client.viewUrl('a.png');
    expect(asked).toBe(2);
  });

  it('asks names and view URLs of many files in one call, and knows the names it uploaded', async () => {
    const calls: string[] = [];
    const get = async <T>(url: string, params?: object) => {
      calls.push(`${url}?${(params as { paths?: string }).paths ?? ''}`);
      return answerFileLookup(url, params, (p) => `/sys/common/signed/${p}?sig=1`, {
        names: { 'temp/x/1.png': '合同.png', 'temp/x/2.pdf': '预算.pdf' },
      }) as ApiEnvelope<T>;
    };
    const upload = async <T>() => envelope(null, { message: 'temp/x/3.pdf' }) as ApiEnvelope<T>;
    const client = createFileClient(fakeHttp({ get, upload }));
    const [url, name] = await Promise.all([
      client.viewUrl('temp/x/1.png'),
      client.name('temp/x/2.pdf'),
    ]);
    expect(url).toBe('/system/sys/common/signed/temp/x/1.png?sig=1');
    expect(name).toBe('预算.pdf');
    expect(calls).toEqual(['/sys/common/fileInfo?temp/x/1.png,temp/x/2.pdf']);
    expect(client.knownName('temp/x/1.png')).toBe('合同.png');
    await client.upload(file());
    expect(client.knownName('temp/x/3.pdf')).toBe('合同.pdf');
    expect(calls).toHaveLength(1);
  });

  it('says 文件下载失败 for an empty download', async () => {
    const client = createFileClient(fakeHttp({ blob: async () => new Blob([]) }));
    await expect(client.download('temp/a.pdf')).rejects.toThrow('文件下载失败');
  });
});

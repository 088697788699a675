import { describe, expect, it, vi } from 'vitest';
import type { within } from '@testing-library/react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerPage } from './definitions';
import { ok, refused, renderPage, type Route, findDialog } from './harness';
import { envelope } from '../../runtime/fakes';

const IMPORT = '/online/cgform/api/customer/importExcel';

const xlsx = (name: string) =>
  new File(['x'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function openImport(route: Route = () => undefined) {
  const user = userEvent.setup();
  const h = renderPage(customerPage, { route });
  await user.click(screen.getByRole('button', { name: /导\s*入/ }));
  return { user, h, dialog: await findDialog() };
}

function startButton(dialog: ReturnType<typeof within>) {
  return dialog.getByText(/开始上传|上传中/).closest('button') as HTMLButtonElement;
}

describe('导入EXCEL (widgets.md §2.8)', { timeout: 20_000 }, () => {
  it('offers .xls/.xlsx, several files, 选择导入文件 / 关闭 / 开始上传 disabled without a file', async () => {
    const { dialog } = await openImport();
    expect(dialog.getByText('导入EXCEL')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.xls,.xlsx');
    expect(input.multiple).toBe(true);
    expect(dialog.getByText('选择导入文件')).toBeTruthy();
    expect(dialog.getByText(/关\s*闭/)).toBeTruthy();
    expect(startButton(dialog).disabled).toBe(true);
    expect(dialog.getByText('是否开启校验:')).toBeTruthy();
  });

  it('uploads every chosen file with validateStatus, showing 上传中... meanwhile', async () => {
    let release: (() => void) | null = null;
    const { user, h, dialog } = await openImport((config) =>
      config.url === IMPORT
        ? new Promise((resolve) => {
            release = () => resolve(ok(null, '文件导入成功！数据行数：2'));
          })
        : undefined,
    );
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, [xlsx('a.xlsx'), xlsx('b.xls')]);
    expect(startButton(dialog).disabled).toBe(false);
    await user.click(startButton(dialog));
    expect(await dialog.findByText('上传中...')).toBeTruthy();
    const body = h.calls(IMPORT)[0]!.data as FormData;
    expect(body.getAll('files[]').map((f) => (f as File).name)).toEqual(['a.xlsx', 'b.xls']);
    expect(body.get('validateStatus')).toBe('1');
    release!();
    expect(await screen.findByText('文件导入成功！数据行数：2')).toBeTruthy();
    await waitFor(() => expect(h.calls('/online/cgform/api/customer/list')).toHaveLength(2));
  });

  it('code 201 warns 导入成功,但是有错误数据! and 点击下载 fetches the error file with the session', async () => {
    const ERRORS = '/sys/common/static/import/err.xlsx';
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user, h, dialog } = await openImport((config) => {
      if (config.url === ERRORS) return { status: 200, data: new Blob(['xlsx-bytes']) };
      if (config.url !== IMPORT) return undefined;
      return {
        status: 200,
        data: envelope(
          {
            msg: '总上传行数：3，已导入行数：2，错误行数：1',
            fileUrl: ERRORS,
            fileName: '客户管理_导入错误.xlsx',
          },
          { code: 201, message: '文件导入成功，但有错误。' },
        ),
      };
    });
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      xlsx('a.xlsx'),
    );
    await user.click(startButton(dialog));
    const titles = await screen.findAllByText('导入成功,但是有错误数据!');
    expect(titles.some((t) => t.closest('.ant-modal-confirm-warning'))).toBe(true);
    expect(screen.getByText('文件导入成功，但有错误。')).toBeTruthy();
    expect(screen.getByText('总上传行数：3，已导入行数：2，错误行数：1')).toBeTruthy();
    // Not a plain link (it would carry no token): the app's http client fetches the file.
    click.mockClear();
    saved.length = 0;
    await user.click(screen.getByText('点击下载'));
    await waitFor(() => expect(saved).toEqual(['客户管理_导入错误.xlsx']));
    expect(h.calls(ERRORS)).toHaveLength(1);
  });

  it('code 201 with no row saved is not titled 导入成功: 导入失败 and the error file', async () => {
    const { user, dialog } = await openImport((config) =>
      config.url === IMPORT
        ? {
            status: 200,
            data: envelope(
              {
                totalCount: 2,
                errorCount: 2,
                successCount: 0,
                msg: '总上传行数：2，已导入行数：0，错误行数：2',
                fileUrl: '/sys/common/static/import/err.xlsx',
                fileName: '客户管理_导入错误.xlsx',
              },
              { code: 201, message: '文件导入成功，但有错误。' },
            ),
          }
        : undefined,
    );
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      xlsx('a.xlsx'),
    );
    await user.click(startButton(dialog));
    const titles = await screen.findAllByText('导入失败,全部数据有错误!');
    expect(titles.some((t) => t.closest('.ant-modal-confirm-error'))).toBe(true);
    expect(screen.getByText('总上传行数：2，已导入行数：0，错误行数：2')).toBeTruthy();
    expect(screen.getByText('点击下载')).toBeTruthy();
    expect(screen.queryByText(/导入成功/)).toBeNull();
  });

  it('a refused import shows the file name with the server message', async () => {
    const { user, dialog } = await openImport((config) =>
      config.url === IMPORT ? refused(500, '文件格式不正确') : undefined,
    );
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      xlsx('客户.xlsx'),
    );
    await user.click(startButton(dialog));
    expect(await screen.findByText('客户.xlsx 文件格式不正确')).toBeTruthy();
    expect(startButton(dialog).disabled).toBe(false);
  });
});

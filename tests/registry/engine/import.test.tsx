import { describe, expect, it, vi } from 'vitest';
import type { within } from '@testing-library/react';
import { act, screen, waitFor } from '@testing-library/react';
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
    const validate = dialog.getByRole('switch', { name: '是否开启校验:' });
    expect(validate.getAttribute('aria-checked')).toBe('true');
    // antd draws both labels and shows the one of the state: 是 on, 否 off.
    expect(validate.querySelector('.ant-switch-inner-checked')?.textContent).toBe('是');
    expect(validate.querySelector('.ant-switch-inner-unchecked')?.textContent).toBe('否');
  });

  it('是否开启校验 off sends validateStatus=0', async () => {
    const { user, h, dialog } = await openImport((config) =>
      config.url === IMPORT ? ok(null, '文件导入成功！数据行数：1') : undefined,
    );
    await user.click(dialog.getByRole('switch', { name: '是否开启校验:' }));
    expect(dialog.getByRole('switch', { name: '是否开启校验:' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      xlsx('a.xlsx'),
    );
    await user.click(startButton(dialog));
    expect(await screen.findByText('文件导入成功！数据行数：1')).toBeTruthy();
    expect((h.calls(IMPORT)[0]!.data as FormData).get('validateStatus')).toBe('0');
  });

  it('starts afresh each time it is shown: no file, 是否开启校验 on', async () => {
    const { user, dialog } = await openImport();
    await user.click(dialog.getByRole('switch', { name: '是否开启校验:' }));
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      xlsx('a.xlsx'),
    );
    expect(dialog.getByText('a.xlsx')).toBeTruthy();
    await user.click(dialog.getByText(/关\s*闭/));
    await waitFor(() => expect(screen.queryByText('a.xlsx')).toBeNull());
    await user.click(screen.getByRole('button', { name: /导\s*入/ }));
    const again = await findDialog();
    expect(again.queryByText('a.xlsx')).toBeNull();
    expect(again.getByRole('switch', { name: '是否开启校验:' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(startButton(again).disabled).toBe(true);
  });

  it('shows the upload progress, then 服务器处理中 until the answer', async () => {
    let progress: ((loaded: number) => void) | null = null;
    let release: (() => void) | null = null;
    const { user, dialog } = await openImport((config) => {
      if (config.url !== IMPORT) return undefined;
      progress = (loaded) =>
        config.onUploadProgress?.({ loaded, total: 200, bytes: loaded, lengthComputable: true });
      return new Promise((resolve) => {
        release = () => resolve(ok(null, '文件导入成功！数据行数：5'));
      });
    });
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      xlsx('a.xlsx'),
    );
    await user.click(startButton(dialog));
    await waitFor(() => expect(progress).not.toBeNull());
    act(() => progress!(90));
    const bar = await dialog.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('45'));
    expect(dialog.getByText('45%')).toBeTruthy();
    expect(dialog.queryByText('服务器处理中')).toBeNull();
    act(() => progress!(200));
    expect(await dialog.findByText('服务器处理中')).toBeTruthy();
    expect(startButton(dialog).textContent).toContain('上传中...');
    release!();
    expect(await screen.findByText('文件导入成功！数据行数：5')).toBeTruthy();
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

  it('several files: one line per file, each with its own error file', async () => {
    const files = [
      { name: 'a.xlsx', success: true, message: '文件导入成功！数据行数：2' },
      {
        name: 'b.xls',
        success: true,
        message: '文件导入成功，但有错误。总上传行数：2，已导入行数：1，错误行数：1',
        fileUrl: '/sys/common/static/import-errors/b.xlsx',
        fileName: 'b_导入错误.xlsx',
      },
      { name: 'c.csv', success: false, message: '只能导入 Excel 文件（.xlsx 或 .xls）' },
    ];
    const { user, h, dialog } = await openImport((config) => {
      if (config.url === files[1]!.fileUrl) return { status: 200, data: new Blob(['x']) };
      if (config.url !== IMPORT) return undefined;
      return {
        status: 200,
        data: envelope(
          { totalCount: 4, errorCount: 1, successCount: 3, fileUrl: files[1]!.fileUrl, files },
          { code: 201, message: files.map((f) => `${f.name}：${f.message}`).join('；') },
        ),
      };
    });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, [
      xlsx('a.xlsx'),
      xlsx('b.xls'),
      xlsx('c.csv'),
    ]);
    await user.click(startButton(dialog));
    const titles = await screen.findAllByText('导入成功,但是有错误数据!');
    expect(titles.some((t) => t.closest('.ant-modal-confirm-warning'))).toBe(true);
    const lines = screen.getAllByTestId('import-file-outcome').map((li) => li.textContent);
    expect(lines).toEqual([
      'a.xlsx：文件导入成功！数据行数：2',
      'b.xls：文件导入成功，但有错误。总上传行数：2，已导入行数：1，错误行数：1 具体详情请 点击下载',
      'c.csv：只能导入 Excel 文件（.xlsx 或 .xls）',
    ]);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByText('点击下载'));
    await waitFor(() => expect(h.calls(files[1]!.fileUrl!)).toHaveLength(1));
  });

  it('several files all refused: the server message as a warning, naming each file', async () => {
    const message = 'x.xlsx：文件中没有数据；y.xlsx：文件中没有数据';
    const { user, dialog } = await openImport((config) =>
      config.url === IMPORT
        ? {
            status: 200,
            data: envelope({ files: [] as unknown[] }, { success: false, code: 500, message }),
          }
        : undefined,
    );
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, [
      xlsx('x.xlsx'),
      xlsx('y.xlsx'),
    ]);
    await user.click(startButton(dialog));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(startButton(dialog).disabled).toBe(false);
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

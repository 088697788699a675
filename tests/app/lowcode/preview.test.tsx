import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PageApiPath } from '../../../src/contracts/page-api';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

describe('页面配置: the live preview', { timeout: 30_000 }, () => {
  it('follows the edit after a pause, showing the stored page until then', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, `${EDITOR_PATH}?code=demo_customer`);
    const editor = await findEditor();
    const preview = await screen.findByTestId('page-preview', {}, { timeout: 10_000 });
    const labels = within(preview).getAllByText('客户名称').length;
    expect(labels).toBeGreaterThan(0);

    // Typed right after the page loaded: the preview keeps the page it had, never a blank one.
    fireEvent.change(editor, {
      target: { value: editor.value.replace('"客户名称"', '"公司名称"') },
    });
    expect(screen.getByTestId('editor-status').textContent).toContain('正在检查');
    expect(screen.queryByTestId('preview-problems')).toBeNull();
    expect(within(screen.getByTestId('page-preview')).getAllByText('客户名称')).toHaveLength(
      labels,
    );

    await waitFor(() =>
      expect(within(screen.getByTestId('page-preview')).queryAllByText('公司名称')).toHaveLength(
        labels,
      ),
    );
    expect(within(screen.getByTestId('page-preview')).queryByText('客户名称')).toBeNull();
    expect(screen.getByTestId('editor-status').textContent).toContain('定义有效');
    // The preview only reads; nothing was saved.
    expect(app.sent(PageApiPath.edit)).toEqual([]);
  });

  it('a change to the table shows an empty preview and reads no rows', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, `${EDITOR_PATH}?code=demo_customer`);
    const editor = await findEditor();
    await screen.findByTestId('page-preview', {}, { timeout: 10_000 });
    const reads = () => app.requests.filter((r) => r.url?.startsWith(PageApiPath.onlineData));
    const before = reads().length;
    expect(before).toBeGreaterThan(0);

    fireEvent.change(editor, {
      target: { value: editor.value.replace('"length": 20', '"length": 30') },
    });
    expect(await screen.findByText(/数据表尚未按当前定义保存/)).toBeTruthy();
    expect(reads()).toHaveLength(before);
  });
});

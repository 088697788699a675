import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MSG_NO_PERMISSION, ResultCode } from '../../../src/contracts/envelope';
import { PageApiPath } from '../../../src/contracts/page-api';
import { envelope, type Responder } from '../../runtime/fakes';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  findDialog,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

/** The page's rows are refused (no data permission) until 加入菜单 grants its codes. */
function grantingStore(): FakePageStore {
  const pages = new FakePageStore(customerPage());
  const base = pages.respond;
  let granted = false;
  const respond: Responder = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    if (url === PageApiPath.addToMenu) granted = true;
    if (url.startsWith(PageApiPath.onlineData) && url.endsWith('/list')) {
      const records = [{ id: '1', name: '星河科技', phone: '13800000000' }];
      return granted
        ? { status: 200, data: envelope({ records, total: 1, size: 10, current: 1, pages: 1 }) }
        : {
            status: 200,
            data: envelope(null, {
              success: false,
              code: ResultCode.NO_PERMISSION,
              message: MSG_NO_PERMISSION,
            }),
          };
    }
    return base(config);
  };
  return Object.assign(pages, { respond });
}

describe('页面配置: the preview after 加入菜单', { timeout: 30_000 }, () => {
  it('drops the 没有权限 warning and shows the rows once the menu grants access', async () => {
    const pages = grantingStore();
    await showEditorScreen(pages, `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const preview = await screen.findByTestId('page-preview', {}, { timeout: 10_000 });
    expect(await within(preview).findByText(/预览读取不到数据/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /加入菜单/ }));
    const dialog = await findDialog('加入菜单');
    await user.click(within(dialog).getByRole('button', { name: /加入菜单/ }));

    await waitFor(() =>
      expect(within(screen.getByTestId('page-preview')).queryByText(/预览读取不到数据/)).toBeNull(),
    );
    expect(await within(screen.getByTestId('page-preview')).findByText('星河科技')).toBeTruthy();
  });
});

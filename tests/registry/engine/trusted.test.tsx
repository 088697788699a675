import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { customerPage } from './definitions';
import { renderPage } from './harness';

/**
 * PageView's `trusted` (registry/engine/page-load.ts): the page store's definitions at the
 * current schemaVersion were checked by the server's `checkPage` when saved and are drawn as
 * they are, so the menu's screens never load the checker; anything else is checked.
 */
describe('definitions the page store served', () => {
  // A prop the catalogue does not know: checkPage refuses it, so only a skipped check draws it.
  const stored = {
    ...customerPage,
    fields: customerPage.fields.map((f, i) => (i === 0 ? { ...f, colour: 'red' } : f)),
  };

  it('are drawn without checking them again at the current schemaVersion', async () => {
    renderPage(stored, { trusted: true });
    expect(screen.queryByTestId('page-definition-error')).toBeNull();
    expect((await screen.findAllByText(customerPage.fields[0]!.label)).length).toBeGreaterThan(0);
  });

  it('are checked when they come from anywhere else', () => {
    renderPage(stored);
    expect(screen.getByTestId('page-definition-error')).toBeTruthy();
  });

  it('are still upgraded and checked at an older schemaVersion', async () => {
    renderPage(
      {
        schemaVersion: 1,
        code: 'legacy',
        title: '旧版页面',
        tableName: 'demo_legacy',
        columns: [
          { dbFieldName: 'id', dbFieldTxt: '主键' },
          { dbFieldName: 'order_no', dbFieldTxt: '订单号', fieldShowType: 'text', isQuery: 1 },
        ],
      },
      { trusted: true },
    );
    expect(await screen.findByPlaceholderText('请输入订单号')).toBeTruthy();
  });
});

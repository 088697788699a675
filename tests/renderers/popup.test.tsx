import { useState } from 'react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { builtinRegistry, fieldOf } from './support';
import { WithServices } from './sel-user-support';
import { REPORT_CODE, REPORT_NAME, fakeReportHttp, reportDialog } from './report-support';

/** The popup field (widgets.md §2.10, §3, §5, §8). */

const MAPPING = { code: REPORT_CODE, orgFields: 'name,phone', destFields: 'supplier,phone' };

interface Case {
  readonly props?: Readonly<Record<string, unknown>>;
  readonly value?: string;
  readonly label?: string;
  /** Give the widget a `setValues` (as a form or a grid row does). */
  readonly withSetValues?: boolean;
}

function renderPopup(c: Case = {}) {
  const fake = fakeReportHttp();
  const Widget = builtinRegistry().get('popup')!.field;
  const onChange = vi.fn<(value: unknown) => void>();
  const setValues = vi.fn<(values: Readonly<Record<string, unknown>>) => void>();
  const props = c.props ?? MAPPING;
  function Host() {
    const [values, setHeld] = useState<Record<string, unknown>>({ supplier: c.value ?? '' });
    return (
      <>
        <Widget
          {...props}
          field={{
            ...fieldOf({ type: 'popup', label: c.label ?? '供应商', props }),
            name: 'supplier',
          }}
          value={values.supplier}
          onChange={(next) => {
            setHeld((now) => ({ ...now, supplier: next }));
            onChange(next);
          }}
          {...(c.withSetValues === false
            ? {}
            : {
                setValues: (next: Readonly<Record<string, unknown>>) => {
                  setHeld((now) => ({ ...now, ...next }));
                  setValues(next);
                },
              })}
        />
        <output aria-label="电话">{String(values.phone ?? '')}</output>
      </>
    );
  }
  render(
    <WithServices http={fake.http}>
      <App>
        <Host />
      </App>
    </WithServices>,
  );
  return { ...fake, onChange, setValues, user: userEvent.setup({ delay: null }) };
}

const box = (name = '供应商') => screen.getByRole<HTMLInputElement>('textbox', { name });

beforeEach(() => localStorage.clear());

describe('popup field', () => {
  it('is a read-only box saying 请选择 that opens the report picker (1200 wide)', async () => {
    const { user } = renderPopup({ label: '' });
    const input = screen.getByRole<HTMLInputElement>('textbox');
    expect(input.readOnly).toBe(true);
    expect(input.placeholder).toBe('请选择');
    await user.click(input);
    await reportDialog();
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('1200px');
  });

  it('fills several fields of its form from the chosen row', async () => {
    const { user, setValues } = renderPopup();
    await user.click(box());
    const dialog = await reportDialog();
    await user.click(dialog.getByText('客户03'));
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REPORT_NAME })).toBeNull());
    expect(setValues).toHaveBeenCalledWith({ supplier: '客户03', phone: '13800000300' });
    expect(box().value).toBe('客户03');
    expect(screen.getByRole('status', { name: '电话' }).textContent).toBe('13800000300');
  });

  it('multi joins the rows values with the spliter (default comma)', async () => {
    const { user, setValues } = renderPopup({ props: { ...MAPPING, multi: true } });
    await user.click(box());
    let dialog = await reportDialog();
    await user.click(dialog.getByText('客户01'));
    await user.click(dialog.getByText('客户02'));
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    expect(setValues).toHaveBeenLastCalledWith({
      supplier: '客户01,客户02',
      phone: '13800000100,13800000200',
    });
    await user.click(box());
    dialog = await reportDialog();
    expect(dialog.getAllByRole('checkbox').length).toBeGreaterThan(1);
  });

  it('multi with its own spliter', async () => {
    const { user, setValues } = renderPopup({ props: { ...MAPPING, multi: true, spliter: '|' } });
    await user.click(box());
    const dialog = await reportDialog();
    await user.click(dialog.getByText('客户01'));
    await user.click(dialog.getByText('客户02'));
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    expect(setValues).toHaveBeenLastCalledWith({
      supplier: '客户01|客户02',
      phone: '13800000100|13800000200',
    });
  });

  it('without a host setValues it sets its own field only', async () => {
    const { user, onChange } = renderPopup({ withSetValues: false });
    await user.click(box());
    const dialog = await reportDialog();
    await user.click(dialog.getByText('客户05'));
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledWith('客户05');
  });

  it('the clear icon, titled 清空, empties every target field', async () => {
    const { user, setValues } = renderPopup({ value: '客户01' });
    const clear = screen.getByRole('button', { name: '清空' });
    expect(clear.getAttribute('title')).toBe('清空');
    await user.click(clear);
    expect(setValues).toHaveBeenCalledWith({ supplier: '', phone: '' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['no code', { orgFields: 'name', destFields: 'supplier' }],
    ['no source fields', { code: REPORT_CODE, destFields: 'supplier' }],
    ['no target fields', { code: REPORT_CODE, orgFields: 'name' }],
  ])('with %s it says popup参数未正确配置! and opens nothing', async (_what, props) => {
    const { user, calls } = renderPopup({ props });
    await user.click(box());
    expect(await screen.findByText('popup参数未正确配置!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('with unequal field counts it says so and opens nothing', async () => {
    const { user } = renderPopup({
      props: { code: REPORT_CODE, orgFields: 'name,phone', destFields: 'supplier' },
    });
    await user.click(box());
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('passes its param to the report as self_ parameters', async () => {
    const { user, data } = renderPopup({ props: { ...MAPPING, param: { keyword: '客户1' } } });
    await user.click(box());
    await within(await screen.findByRole('dialog', { name: REPORT_NAME })).findByText('客户10');
    expect(data()[0]!.params).toEqual({ self_keyword: '客户1', pageNo: 1, pageSize: 10 });
  });
});

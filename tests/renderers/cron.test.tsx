import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CronDialog, type CronDialogProps } from '../../renderers/cron/CronDialog';
import { CronField } from '../../renderers/cron/CronField';
import { cronEntry } from '../../src/contracts/catalogue/entries/cron';

afterEach(() => {
  vi.useRealTimers();
});

function dialog(over: Partial<CronDialogProps> = {}) {
  const onOk = vi.fn();
  const onClose = vi.fn();
  render(
    <CronDialog
      open
      value=""
      variant="full"
      hideSecond={false}
      hideYear={false}
      onOk={onOk}
      onClose={onClose}
      {...over}
    />,
  );
  return { onOk, onClose };
}

const expressionBox = () => screen.getByRole('textbox', { name: 'Cron表达式' });

function Field(props: Record<string, unknown>) {
  const [value, setValue] = useState<unknown>(props.value ?? '');
  return (
    <>
      <CronField {...props} value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

describe('cron catalogue entry', () => {
  it('is a string compared with eq, 200 px in grids', () => {
    expect(cronEntry).toMatchObject({ title: 'Cron表达式', value: 'string', queryRule: 'eq' });
    expect(cronEntry.grid).toEqual({ width: 200, text: 'value' });
  });
});

describe('cron builder dialog', () => {
  it('loads the defaults and is titled by the expression', () => {
    dialog();
    expect((expressionBox() as HTMLInputElement).value).toBe('* * * * * ? *');
    expect(screen.getAllByText('* * * * * ? *').length).toBeGreaterThan(0);
    for (const tab of ['秒', '分', '时', '日', '月', '周', '年']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
  });

  it('reads the given expression into the tabs and builds from them', () => {
    dialog({ value: '0 0/5 * * * ?' });
    fireEvent.click(screen.getByRole('tab', { name: '分' }));
    const panel = screen.getByRole('tabpanel');
    const loop = within(panel).getByRole('radio', { name: /开始，每/ }) as HTMLInputElement;
    expect(loop.checked).toBe(true);
    expect(
      (within(panel).getByRole('spinbutton', { name: '间隔' }) as HTMLInputElement).value,
    ).toBe('5');
    fireEvent.click(within(panel).getByRole('radio', { name: '每分钟' }));
    expect((expressionBox() as HTMLInputElement).value).toBe('0 * * * * ?');
  });

  it('sets the week to ? when a day mode is chosen and the day when a week mode is', () => {
    dialog();
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    fireEvent.click(
      within(screen.getByRole('tabpanel')).getByRole('radio', { name: /本月最后一个/ }),
    );
    expect((expressionBox() as HTMLInputElement).value).toBe('* * * ? * 2L *');
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    fireEvent.click(
      within(screen.getByRole('tabpanel')).getByRole('radio', { name: '本月最后一天' }),
    );
    expect((expressionBox() as HTMLInputElement).value).toBe('* * * L * ? *');
  });

  it('keeps a day list of calendar words as written, and can go back to it', () => {
    const { onOk } = dialog({ value: '0 0 12 1W,15,LW * ?' });
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    const panel = screen.getByRole('tabpanel');
    const custom = within(panel).getByRole('radio', { name: '自定义 1W,15,LW' });
    expect((custom as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(panel).getByRole('radio', { name: '本月最后一天' }));
    expect((expressionBox() as HTMLInputElement).value).toBe('0 0 12 L * ?');
    fireEvent.click(within(panel).getByRole('radio', { name: '自定义 1W,15,LW' }));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onOk).toHaveBeenCalledWith('0 0 12 1W,15,LW * ?');
  });

  it('offers no 自定义 row for a field one mode shows', () => {
    dialog({ value: '0 0 12 15W * ?' });
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    expect(
      within(screen.getByRole('tabpanel')).queryByRole('radio', { name: /自定义/ }),
    ).toBeNull();
  });

  it('re-reads the tabs from a typed expression', () => {
    dialog();
    fireEvent.change(expressionBox(), { target: { value: '0 0 12 ? * 2#3 *' } });
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    const nth = within(screen.getByRole('tabpanel')).getByRole('radio', { name: /本月第/ });
    expect((nth as HTMLInputElement).checked).toBe(true);
  });

  it('lists ten times 500 ms after a change', () => {
    vi.useFakeTimers();
    dialog({ value: '0 0/5 * * * ?' });
    expect(screen.getByText('近十次执行时间 (不含年)')).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(document.querySelectorAll('.cron-preview-times li')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    const rows = [...document.querySelectorAll('.cron-preview-times li')].map(
      (li) => li.textContent,
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d[05]:00$/);
  });

  it('shows the times on the clock jobs fire on, Beijing time', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T00:30:00Z') });
    dialog({ value: '0 0 8 * * ?' });
    act(() => vi.advanceTimersByTime(500));
    const first = document.querySelector('.cron-preview-times li')?.textContent;
    expect(first).toBe('2026-11-28 08:00:00');
  });

  it('says 无执行时间 when it never fires and shows the message of an invalid one', () => {
    vi.useFakeTimers();
    dialog({ value: '0 0 0 30 2 ?' });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('无执行时间')).toBeTruthy();
    fireEvent.change(expressionBox(), { target: { value: '0 0 0 ? * ?' } });
    act(() => vi.advanceTimersByTime(500));
    expect(document.querySelector('.cron-preview-message')?.textContent).not.toBe('');
    expect(screen.queryByText('无执行时间')).toBeNull();
  });

  it('asks the remote function when one is given', async () => {
    vi.useFakeTimers();
    const remote = vi.fn(() => Promise.resolve(['2030-01-01 00:00:00']));
    dialog({ value: '0 0 0 1 1 ? 2030', remote });
    await act(async () => {
      vi.advanceTimersByTime(500);
      await Promise.resolve();
    });
    expect(remote).toHaveBeenCalledWith('0 0 0 1 1 ? 2030');
    expect(screen.getByText('2030-01-01 00:00:00')).toBeTruthy();
  });

  it('emits on 确定 and not on 关闭', () => {
    const { onOk, onClose } = dialog({ value: '0 15 10 * * ?' });
    fireEvent.click(screen.getByRole('button', { name: '关 闭' }));
    expect(onClose).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onOk).toHaveBeenCalledWith('0 15 10 * * ?');
  });

  it('drops the second and the year when hidden', () => {
    dialog({ hideSecond: true, hideYear: false });
    expect((expressionBox() as HTMLInputElement).value).toBe('* * * * ?');
    expect(screen.queryByRole('tab', { name: '秒' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '年' })).toBeNull();
  });

  it('drops only the year with hideYear', () => {
    dialog({ hideYear: true });
    expect((expressionBox() as HTMLInputElement).value).toBe('* * * * * ?');
    expect(screen.queryByRole('tab', { name: '年' })).toBeNull();
  });

  it('is 800 px wide in full and 608 px without the week tab in compact', () => {
    const { unmount } = render(
      <CronDialog
        open
        value=""
        variant="full"
        hideSecond={false}
        hideYear={false}
        onOk={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect((document.querySelector('.cron-dialog') as HTMLElement).style.width).toBe('800px');
    unmount();
    dialog({ variant: 'compact' });
    expect((document.querySelector('.cron-dialog') as HTMLElement).style.width).toBe('608px');
    expect(screen.queryByRole('tab', { name: '周' })).toBeNull();
  });
});

describe('cron field', () => {
  it('opens the builder from the icon and takes its expression', () => {
    render(<Field value="0 0 12 * * ?" />);
    fireEvent.click(screen.getByRole('button', { name: '打开Cron表达式生成器' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('tab', { name: '时' }));
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('radio', { name: '每小时' }));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(screen.getByTestId('value').textContent).toBe('0 0 * * * ?');
  });

  it('shows the validation message of a typed invalid expression', () => {
    render(<Field />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '0 0 0 * *' } });
    expect(screen.getByRole('alert').textContent).not.toBe('');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '0 0 0 * * ?' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('empties with the clear icon', () => {
    render(<Field value="0 0 12 * * ?" />);
    fireEvent.click(document.querySelector('.ant-input-clear-icon')!);
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});

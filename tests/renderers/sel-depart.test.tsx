import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { builtinRegistry, fieldOf } from './support';
import { fakePickerHttp, pickedNames, WithServices } from './sel-user-support';

/** The department picker (widgets.md §2.5 department cell, §2.11): ids held, names shown. */

interface DepartCase {
  readonly value?: unknown;
  readonly props?: Readonly<Record<string, unknown>>;
  readonly cell?: boolean;
}

function renderDepartPicker(c: DepartCase = {}) {
  const fake = fakePickerHttp();
  const renderer = builtinRegistry().get('sel_depart')!;
  const Widget = c.cell ? renderer.cell! : renderer.field;
  const onChange = vi.fn<(value: unknown) => void>();
  const host = c.cell
    ? { 'aria-label': '部门', size: 'small' }
    : { field: fieldOf({ type: 'sel_depart', label: '部门', props: c.props }) };
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    return (
      <Widget
        {...(c.props ?? {})}
        {...host}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  render(
    <WithServices http={fake.http}>
      <Host />
    </WithServices>,
  );
  return { ...fake, onChange, user: userEvent.setup({ delay: null }) };
}

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: '部门' });

async function departDialog() {
  const dialog = await screen.findByRole('dialog', { name: '选择部门' });
  await within(dialog).findByText('研发部', { selector: '.ant-tree-title' });
  return within(dialog);
}

const nodeOf = (dialog: Awaited<ReturnType<typeof departDialog>>, name: string) =>
  dialog.getByText(name, { selector: '.ant-tree-title' });

const ok = (dialog: Awaited<ReturnType<typeof departDialog>>) =>
  dialog.getByRole('button', { name: /确\s*定/ });

async function closed() {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择部门' })).toBeNull());
}

describe('sel_depart widget', () => {
  it('multi: clicks toggle departments into the picked list; OK holds their ids', async () => {
    const t = renderDepartPicker({ value: '' });
    expect(box().getAttribute('placeholder')).toBe('请选择部门');
    await t.user.click(box());
    const dialog = await departDialog();
    await t.user.click(nodeOf(dialog, '研发部'));
    await t.user.click(nodeOf(dialog, '总公司'));
    await t.user.click(nodeOf(dialog, '市场部'));
    await t.user.click(nodeOf(dialog, '总公司'));
    // A parent's tick leaves its children alone.
    expect(pickedNames(dialog)).toEqual(['研发部', '市场部']);
    await t.user.click(ok(dialog));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('d1,d2');
    expect(box().value).toBe('研发部,市场部');
  });

  it('single: the latest tick replaces the earlier one', async () => {
    const t = renderDepartPicker({ value: '', props: { multi: false } });
    await t.user.click(box());
    const dialog = await departDialog();
    await t.user.click(nodeOf(dialog, '研发部'));
    await t.user.click(nodeOf(dialog, '市场部'));
    expect(pickedNames(dialog)).toEqual(['市场部']);
    await t.user.click(ok(dialog));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('d2');
  });

  it('shows held ids as names, opens with them picked; removal drops one', async () => {
    const t = renderDepartPicker({ value: 'd2,d0,' });
    await waitFor(() => expect(box().value).toBe('市场部,总公司'));
    expect(t.calls('/sys/sysDepart/queryIdTree')).toHaveLength(1);
    await t.user.click(box());
    const dialog = await departDialog();
    expect(pickedNames(dialog)).toEqual(['市场部', '总公司']);
    await t.user.click(dialog.getByRole('button', { name: '移除 市场部' }));
    expect(pickedNames(dialog)).toEqual(['总公司']);
    await t.user.click(ok(dialog));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('d0');
    expect(box().value).toBe('总公司');
  });

  it('cancel closes without changing the value', async () => {
    const t = renderDepartPicker({ value: 'd1' });
    await waitFor(() => expect(box().value).toBe('研发部'));
    await t.user.click(box());
    const dialog = await departDialog();
    await t.user.click(nodeOf(dialog, '市场部'));
    await t.user.click(dialog.getByRole('button', { name: /取\s*消/ }));
    await closed();
    expect(t.onChange).not.toHaveBeenCalled();
    expect(box().value).toBe('研发部');
  });

  it('the clear icon empties the value', async () => {
    const t = renderDepartPicker({ value: 'd1,d2' });
    await waitFor(() => expect(box().value).toBe('研发部,市场部'));
    await t.user.click(screen.getByRole('button', { name: '清除' }));
    expect(t.onChange).toHaveBeenLastCalledWith('');
    expect(box().value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('grid cell: the placeholder of §2.5', () => {
    renderDepartPicker({ value: '', cell: true });
    expect(box().getAttribute('placeholder')).toBe('请点击选择部门');
  });
});

describe('sel_depart read-only view', () => {
  it('100 rows: names joined by commas, unknown ids as themselves, one request', async () => {
    const { http, calls } = fakePickerHttp();
    const Display = builtinRegistry().get('sel_depart')!.display!;
    const values = Array.from({ length: 100 }, (_, i) =>
      i % 3 === 0 ? 'd1,d2' : i % 3 === 1 ? 'd0,gone,' : '',
    );
    render(
      <WithServices http={http}>
        {values.map((value, i) => (
          <div key={i} data-testid={`v${i}`}>
            <Display value={value} />
          </div>
        ))}
      </WithServices>,
    );
    await waitFor(() => expect(screen.getByTestId('v0').textContent).toBe('研发部,市场部'));
    expect(screen.getByTestId('v1').textContent).toBe('总公司,gone');
    expect(screen.getByTestId('v2').textContent).toBe('');
    expect(calls('/sys/sysDepart/queryIdTree')).toHaveLength(1);
  });
});

import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';
import { builtinRegistry, fieldOf } from './support';
import { pickedNames, WithServices } from './sel-user-support';

/** The position picker (widgets.md §2.11): codes held, names shown. */

const POSITIONS = [
  { id: 'p1', code: 'dev', name: '开发工程师', rank_dictText: '中级' },
  { id: 'p2', code: 'pm', name: '产品经理', rank_dictText: '高级' },
  { id: 'p3', code: 'qa', name: '测试工程师', rank_dictText: '初级' },
];

function fakePositionHttp() {
  const calls: { url: string; params: Record<string, unknown> }[] = [];
  const get = vi.fn(async (url: string, params?: object) => {
    const p = (params ?? {}) as Record<string, unknown>;
    calls.push({ url, params: p });
    if (url === '/sys/position/queryByCodes') {
      const codes = String(p.codes).split(',');
      return envelope(
        POSITIONS.filter((x) => codes.includes(x.code)).map(({ code, name }) => ({ code, name })),
      );
    }
    if (url === '/sys/position/queryPickerList') {
      const hits = POSITIONS.filter((x) => !p.name || x.name.includes(String(p.name)));
      const size = Number(p.pageSize);
      const from = (Number(p.pageNo) - 1) * size;
      return envelope({ records: hits.slice(from, from + size), total: hits.length });
    }
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = { get, post: refuse, put: refuse, delete: refuse, blob: refuse } as unknown as Http;
  return { http, calls: (url: string) => calls.filter((c) => c.url === url) };
}

function renderPositionPicker(value: unknown, props?: Record<string, unknown>) {
  const fake = fakePositionHttp();
  const Widget = builtinRegistry().get('sel_position')!.field;
  const onChange = vi.fn<(value: unknown) => void>();
  function Host() {
    const [held, setHeld] = useState<unknown>(value);
    return (
      <Widget
        {...(props ?? {})}
        field={fieldOf({ type: 'sel_position', label: '职务', props })}
        value={held}
        onChange={(next) => {
          setHeld(next);
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

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: '职务' });

async function positionDialog() {
  const dialog = await screen.findByRole('dialog', { name: '选择职务' });
  await within(dialog).findByText('dev');
  return within(dialog);
}

const rowOf = (dialog: Awaited<ReturnType<typeof positionDialog>>, code: string) =>
  dialog.getByText(code).closest('tr')!;

const closed = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: '选择职务' })).toBeNull());

describe('sel_position widget', () => {
  it('multi: row clicks toggle; OK holds the codes; the list asks 5 a page', async () => {
    const t = renderPositionPicker('');
    expect(box().getAttribute('placeholder')).toBe('请选择职务');
    await t.user.click(box());
    const dialog = await positionDialog();
    expect(t.calls('/sys/position/queryPickerList')[0]!.params).toMatchObject({
      pageNo: 1,
      pageSize: 5,
      column: 'createTime',
      order: 'desc',
    });
    expect(dialog.getByText('中级')).toBeTruthy();
    await t.user.click(rowOf(dialog, 'pm'));
    await t.user.click(rowOf(dialog, 'qa'));
    await t.user.click(rowOf(dialog, 'dev'));
    await t.user.click(rowOf(dialog, 'qa'));
    expect(pickedNames(dialog)).toEqual(['产品经理', '开发工程师']);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('pm,dev');
    expect(box().value).toBe('产品经理,开发工程师');
  });

  it('single: a new click replaces the pick', async () => {
    const t = renderPositionPicker('', { multi: false });
    await t.user.click(box());
    const dialog = await positionDialog();
    await t.user.click(rowOf(dialog, 'pm'));
    await t.user.click(rowOf(dialog, 'qa'));
    expect(pickedNames(dialog)).toEqual(['测试工程师']);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('qa');
  });

  it('shows held codes as names; removal drops one; cancel changes nothing', async () => {
    const t = renderPositionPicker('qa,dev');
    await waitFor(() => expect(box().value).toBe('测试工程师,开发工程师'));
    await t.user.click(box());
    let dialog = await positionDialog();
    expect(pickedNames(dialog)).toEqual(['测试工程师', '开发工程师']);
    await t.user.click(dialog.getByRole('button', { name: '移除 测试工程师' }));
    await t.user.click(dialog.getByRole('button', { name: /取\s*消/ }));
    await closed();
    expect(t.onChange).not.toHaveBeenCalled();
    await t.user.click(box());
    dialog = await positionDialog();
    await t.user.click(dialog.getByRole('button', { name: '移除 测试工程师' }));
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('dev');
  });

  it('searches by name; the clear icon empties the value', async () => {
    const t = renderPositionPicker('pm');
    await waitFor(() => expect(box().value).toBe('产品经理'));
    await t.user.click(box());
    const dialog = await positionDialog();
    await t.user.type(dialog.getByRole('textbox', { name: '职务名称' }), '工程师');
    await t.user.click(dialog.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(dialog.queryByText('pm')).toBeNull());
    expect(t.calls('/sys/position/queryPickerList').at(-1)!.params).toMatchObject({
      name: '工程师',
      pageNo: 1,
    });
    await t.user.click(dialog.getByRole('button', { name: /取\s*消/ }));
    await closed();
    await t.user.click(screen.getByRole('button', { name: '清除' }));
    expect(t.onChange).toHaveBeenLastCalledWith('');
  });
});

describe('sel_position read-only view', () => {
  it('100 rows: names joined, unknown codes as themselves, one lookup', async () => {
    const { http, calls } = fakePositionHttp();
    const Display = builtinRegistry().get('sel_position')!.display!;
    const values = Array.from({ length: 100 }, (_, i) => (i % 2 ? 'dev,pm' : 'qa,gone'));
    render(
      <WithServices http={http}>
        {values.map((value, i) => (
          <div key={i} data-testid={`v${i}`}>
            <Display value={value} />
          </div>
        ))}
      </WithServices>,
    );
    await waitFor(() => expect(screen.getByTestId('v1').textContent).toBe('开发工程师,产品经理'));
    expect(screen.getByTestId('v0').textContent).toBe('测试工程师,gone');
    expect(calls('/sys/position/queryByCodes')).toHaveLength(1);
  });
});

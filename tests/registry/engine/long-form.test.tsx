import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldWidgetProps } from '../../../registry/types';
import { ok, renderPage, testRegistry } from './harness';

/**
 * A form longer than the viewport mounts the rows in view first and the others while the
 * browser is idle. Rows not mounted yet must not change what the form does: defaults, record
 * values, rules and linkages are the form's, and saving validates and submits every field.
 */

const COUNT = 60;
const ROW_HEIGHT = 52;

function longForm(extra: Record<string, unknown> = {}) {
  return {
    schemaVersion: 2,
    code: 'long_form',
    title: '长表单',
    kind: 'form',
    api: { add: '/demo/long/add', edit: '/demo/long/edit', queryById: '/demo/long/queryById' },
    form: { columns: 1 },
    fields: Array.from({ length: COUNT }, (_, i) => ({
      name: `f${i}`,
      label: `字段${i + 1}`,
      type: 'input',
      ...(i === 40 ? { validateRules: [{ required: true }] } : {}),
      ...(i === 50 ? { defaultValue: '默认' } : {}),
      ...(i === 5 || i === 45
        ? { form: { hidden: true }, validateRules: [{ required: true }] }
        : {}),
    })),
    linkages: [
      { when: { field: 'f0', operator: 'eq', value: 'x' }, targets: ['f55'], effect: 'require' },
      { when: { field: 'f0', operator: 'eq', value: 'x' }, targets: ['f57'], effect: 'show' },
    ],
    ...extra,
  };
}

/** Idle callbacks the test runs by hand. */
let idle: Array<() => void> = [];

/** Runs the pending idle callbacks (and the renders they cause) until none is left. */
async function runIdle() {
  for (let guard = 0; guard < 100 && idle.length > 0; guard++) {
    const pending = idle;
    idle = [];
    await act(async () => {
      for (const callback of pending) callback();
      await Promise.resolve();
    });
  }
}

function textbox(name: string): HTMLInputElement | null {
  return screen.queryByRole('textbox', { name }) as HTMLInputElement | null;
}

const originalIdle = Object.getOwnPropertyDescriptor(window, 'requestIdleCallback');
const originalCancel = Object.getOwnPropertyDescriptor(window, 'cancelIdleCallback');

function restore(name: string, descriptor: PropertyDescriptor | undefined) {
  if (descriptor) Object.defineProperty(window, name, descriptor);
  else delete (window as unknown as Record<string, unknown>)[name];
}

beforeEach(() => {
  idle = [];
  Object.defineProperty(window, 'requestIdleCallback', {
    configurable: true,
    value: (callback: () => void) => idle.push(callback),
  });
  Object.defineProperty(window, 'cancelIdleCallback', {
    configurable: true,
    value: () => undefined,
  });
  // One row per 52 px from the top: the first 15 rows are in a 768 px viewport.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const top = this.dataset.slot === undefined ? 0 : Number(this.dataset.slot) * ROW_HEIGHT;
    return DOMRect.fromRect({ x: 0, y: top, width: 600, height: ROW_HEIGHT });
  });
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(768);
});

afterEach(() => {
  vi.restoreAllMocks();
  restore('requestIdleCallback', originalIdle);
  restore('cancelIdleCallback', originalCancel);
});

describe('a long form', { timeout: 30_000 }, () => {
  it('mounts the rows in view first, shows the labels of the others, mounts them when idle', async () => {
    renderPage(longForm());
    await screen.findByRole('textbox', { name: '字段1' });
    expect(textbox('字段15')).toBeTruthy();
    expect(textbox('字段40')).toBeNull();
    expect(screen.getByText('字段40')).toBeTruthy();
    await runIdle();
    expect(textbox('字段40')).toBeTruthy();
    expect(textbox('字段60')).toBeTruthy();
  });

  it('saving validates rows not mounted yet and shows their messages', async () => {
    const user = userEvent.setup();
    const h = renderPage(longForm(), {
      route: (config) => (config.url === '/demo/long/add' ? ok(null, '提交成功') : undefined),
    });
    await screen.findByRole('textbox', { name: '字段1' });
    expect(textbox('字段41')).toBeNull();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('字段41不能为空')).toBeTruthy();
    expect(h.calls('/demo/long/add')).toHaveLength(0);
    await user.type(textbox('字段41')!, '有');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    // The default of a row never mounted before saving is submitted.
    expect(JSON.parse(String(h.calls('/demo/long/add')[0]!.data))).toEqual({
      f40: '有',
      f50: '默认',
    });
  });

  it('hidden fields, mounted or not, are not drawn, keep their values and are not validated', async () => {
    const user = userEvent.setup();
    const record = { id: 'r1', f5: '藏', f40: '有', f45: '也藏' };
    const h = renderPage(longForm(), {
      recordId: 'r1',
      route: (config) => {
        if (config.url === '/demo/long/queryById') return ok(record);
        if (config.url === '/demo/long/edit') return ok(null, '保存成功');
        return undefined;
      },
    });
    await screen.findByRole('textbox', { name: '字段1' });
    await runIdle();
    expect(textbox('字段60')).toBeTruthy();
    expect(screen.queryByText('字段6')).toBeNull();
    expect(screen.queryByText('字段46')).toBeNull();
    await user.clear(textbox('字段41')!);
    await user.type(textbox('字段41')!, '改');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(JSON.parse(String(h.calls('/demo/long/edit')[0]!.data))).toEqual({
      ...record,
      f40: '改',
    });
  });

  it('submits the record values of rows not mounted yet', async () => {
    const user = userEvent.setup();
    const record = { id: 'r1', f30: '旧值', f40: '有', f59: '末' };
    const h = renderPage(longForm(), {
      recordId: 'r1',
      route: (config) => {
        if (config.url === '/demo/long/queryById') return ok(record);
        if (config.url === '/demo/long/edit') return ok(null, '保存成功');
        return undefined;
      },
    });
    await screen.findByRole('textbox', { name: '字段1' });
    expect(textbox('字段31')).toBeNull();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(JSON.parse(String(h.calls('/demo/long/edit')[0]!.data))).toEqual(record);
  });

  it('linkages act on rows not mounted yet', async () => {
    const user = userEvent.setup();
    renderPage(longForm());
    await screen.findByRole('textbox', { name: '字段1' });
    expect(screen.queryByText('字段58')).toBeNull();
    await user.type(textbox('字段1')!, 'x');
    expect(await screen.findByRole('textbox', { name: '字段58' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('字段56不能为空')).toBeTruthy();
    expect(screen.getByText('字段41不能为空')).toBeTruthy();
  });

  it('a keystroke renders the field typed into and no other', async () => {
    const user = userEvent.setup();
    const renders = new Map<string, number>();
    const registry = testRegistry();
    registry.register(
      'input',
      {
        field: function CountingInput({ value, onChange, field }: FieldWidgetProps) {
          const name = field?.name ?? '';
          renders.set(name, (renders.get(name) ?? 0) + 1);
          return (
            <input
              aria-label={field?.label}
              value={value === undefined || value === null ? '' : String(value)}
              onChange={(e) => onChange?.(e.target.value)}
            />
          );
        },
      },
      { override: true },
    );
    renderPage(longForm(), { registry });
    await screen.findByRole('textbox', { name: '字段1' });
    await runIdle();
    expect(textbox('字段60')).toBeTruthy();
    renders.clear();
    await user.type(textbox('字段2')!, 'ab');
    await waitFor(() => expect(textbox('字段2')!.value).toBe('ab'));
    expect([...renders.keys()]).toEqual(['f1']);
    expect(renders.get('f1')).toBeLessThanOrEqual(4);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SEX, renderDisplay, renderField } from './support';

const combo = () => screen.getByRole('combobox', { name: '名称' });
/** An option of the open dropdown, by its text. */
const option = (text: string) =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${text}"]`);
    if (!found) throw new Error(`option ${text} not shown`);
    return found as HTMLElement;
  });
const selectedText = (container: HTMLElement) =>
  container.querySelector('.ant-select-selection-item')?.textContent ?? null;
const placeholder = (container: HTMLElement) =>
  container.querySelector('.ant-select-selection-placeholder')?.textContent ?? null;

describe('select', () => {
  it('offers the options and holds the chosen value', async () => {
    const { user, value, container } = renderField({ type: 'select', options: SEX });
    expect(placeholder(container)).toBe('请选择名称');
    await user.click(combo());
    await user.click(await option('女'));
    expect(value()).toBe('2');
    expect(selectedText(container)).toBe('女');
  });

  it('shows a number value as its option (values are text)', () => {
    const { container } = renderField({ type: 'select', options: SEX, value: 1 });
    expect(selectedText(container)).toBe('男');
  });

  it('clears to null with the clear icon (allowClear default true)', async () => {
    const { user, value, container } = renderField({ type: 'select', options: SEX, value: '1' });
    const clear = container.querySelector('.ant-select-clear');
    expect(clear).toBeTruthy();
    await user.click(clear!);
    expect(value()).toBeNull();
    expect(placeholder(container)).toBe('请选择名称');
  });

  it('has no clear icon with allowClear false', () => {
    const { container } = renderField({
      type: 'select',
      options: SEX,
      value: '1',
      props: { allowClear: false },
    });
    expect(container.querySelector('.ant-select-clear')).toBeNull();
  });

  it('filters by option text with showSearch', async () => {
    const options = [
      { value: 'bj', text: '北京' },
      { value: 'sh', text: '上海' },
      { value: 'nj', text: '南京' },
    ];
    const { user, value } = renderField({ type: 'select', options, props: { showSearch: true } });
    await user.type(combo(), '京');
    await waitFor(() => expect(document.querySelector('[title="上海"]')).toBeNull());
    expect(document.querySelector('[title="北京"]')).toBeTruthy();
    await user.click(await option('南京'));
    expect(value()).toBe('nj');
  });

  it('never opens when readOnly, and is disabled when disabled', async () => {
    const ro = renderField({ type: 'select', options: SEX, value: '1', readOnly: true });
    await ro.user.click(combo());
    expect(document.querySelector('.ant-select-item-option')).toBeNull();
    expect(ro.container.querySelector('.ant-select-clear')).toBeNull();
    expect(selectedText(ro.container)).toBe('男');
    ro.unmount();
    const off = renderField({ type: 'select', options: SEX, value: '1', disabled: true });
    expect(off.container.querySelector('.ant-select-disabled')).toBeTruthy();
  });

  it('shows an object value as empty', () => {
    const { container } = renderField({ type: 'select', options: SEX, value: { x: 1 } });
    expect(placeholder(container)).toBe('请选择名称');
  });
});

describe('select display', () => {
  it('prefers the record dictionary text', () => {
    const shown = renderDisplay({
      type: 'select',
      value: '1',
      options: SEX,
      record: { f: '1', f_dictText: '男性' },
    });
    expect(shown.text()).toBe('男性');
  });

  it('falls back to the option text, then to the value', () => {
    expect(renderDisplay({ type: 'select', value: '2', options: SEX }).text()).toBe('女');
    expect(renderDisplay({ type: 'select', value: '9', options: SEX }).text()).toBe('9');
    expect(renderDisplay({ type: 'select', value: null, options: SEX }).text()).toBe('');
  });
});

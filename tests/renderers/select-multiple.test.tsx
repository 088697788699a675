import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { builtinRegistry, renderDisplay, renderField } from './support';

const COLORS = [
  { value: 'r', text: '红' },
  { value: 'g', text: '绿' },
  { value: 'b', text: '蓝' },
];
const combo = () => screen.getByRole('combobox', { name: '名称' });
const option = (text: string) =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${text}"]`);
    if (!found) throw new Error(`option ${text} not shown`);
    return found as HTMLElement;
  });
const tags = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-select-selection-item-content')].map((t) => t.textContent);

describe('select-multiple', () => {
  it('holds the chosen values as one comma-joined string and shows tags', async () => {
    const { user, value, container } = renderField({ type: 'select-multiple', options: COLORS });
    await user.click(combo());
    await user.click(await option('红'));
    await user.click(await option('蓝'));
    expect(value()).toBe('r,b');
    expect(tags(container)).toEqual(['红', '蓝']);
  });

  it('reads the incoming string (or array) into tags', () => {
    const a = renderField({ type: 'select-multiple', options: COLORS, value: 'g, b' });
    expect(tags(a.container)).toEqual(['绿', '蓝']);
    a.unmount();
    const b = renderField({ type: 'select-multiple', options: COLORS, value: ['r'] });
    expect(tags(b.container)).toEqual(['红']);
  });

  it('uses the separator prop', async () => {
    const { user, value } = renderField({
      type: 'select-multiple',
      options: COLORS,
      value: 'r;g',
      props: { separator: ';' },
    });
    await user.click(combo());
    await user.click(await option('蓝'));
    expect(value()).toBe('r;g;b');
  });

  it('removes a tag and clears to an empty string', async () => {
    const { user, value, container } = renderField({
      type: 'select-multiple',
      options: COLORS,
      value: 'r,g',
    });
    await user.click(container.querySelector('.ant-select-selection-item-remove')!);
    expect(value()).toBe('g');
    await user.click(container.querySelector('.ant-select-clear')!);
    expect(value()).toBe('');
  });

  it('cannot be changed when readOnly', async () => {
    const { user, onChange, container } = renderField({
      type: 'select-multiple',
      options: COLORS,
      value: 'r',
      readOnly: true,
    });
    expect(container.querySelector('.ant-select-selection-item-remove')).toBeNull();
    expect(container.querySelector('.ant-select-clear')).toBeNull();
    await user.click(combo());
    expect(document.querySelector('.ant-select-item-option')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is disabled when disabled', () => {
    const { container } = renderField({ type: 'select-multiple', value: 'r', disabled: true });
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });

  it('is a list type filtered with in', () => {
    const renderer = builtinRegistry().get('select-multiple');
    expect(renderer?.entry.value).toBe('list');
    expect(renderer?.entry.queryRule).toBe('in');
  });
});

describe('select-multiple display', () => {
  const tagTexts = (container: HTMLElement) =>
    [...container.querySelectorAll('.ant-tag')].map((t) => t.textContent);

  it('shows one tag per value, with option texts', () => {
    const { container } = renderDisplay({ type: 'select-multiple', value: 'r,b', options: COLORS });
    expect(tagTexts(container)).toEqual(['红', '蓝']);
  });

  it('prefers the record dictionary text', () => {
    const { container } = renderDisplay({
      type: 'select-multiple',
      value: 'r,b',
      options: COLORS,
      record: { f_dictText: '大红,深蓝' },
    });
    expect(tagTexts(container)).toEqual(['大红', '深蓝']);
  });

  it('shows nothing for an empty value', () => {
    expect(renderDisplay({ type: 'select-multiple', value: '' }).text()).toBe('');
  });
});

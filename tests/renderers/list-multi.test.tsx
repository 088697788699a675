import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { TITLE, renderCell, renderCellDisplay } from './cell-support';
import { builtinRegistry, renderDisplay, renderField } from './support';

const COLORS = [
  { value: 'r', text: '红' },
  { value: 'g', text: '绿' },
  { value: 'b', text: '蓝' },
];
const option = (text: string) =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${text}"]`);
    if (!found) throw new Error(`option ${text} not shown`);
    return found as HTMLElement;
  });
const tags = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-select-selection-item-content')].map((t) => t.textContent);

describe('list_multi', () => {
  it('is registered as a list type filtered with in', () => {
    const renderer = builtinRegistry().get('list_multi');
    expect(renderer?.entry.value).toBe('list');
    expect(renderer?.entry.queryRule).toBe('in');
  });

  it('holds the chosen values as one comma-separated string', async () => {
    const { user, value, container } = renderField({ type: 'list_multi', options: COLORS });
    await user.click(screen.getByRole('combobox', { name: '名称' }));
    await user.click(await option('蓝'));
    await user.click(await option('红'));
    expect(value()).toBe('b,r');
    expect(tags(container)).toEqual(['蓝', '红']);
    await user.click(container.querySelector('.ant-select-clear')!);
    expect(value()).toBe('');
  });

  it('reads a comma-separated string into its options', () => {
    const { container } = renderField({ type: 'list_multi', options: COLORS, value: 'g,b' });
    expect(tags(container)).toEqual(['绿', '蓝']);
  });

  it('in the grid shows one tag and "+ N ..." for the rest', async () => {
    const { user, value, container } = renderCell({
      type: 'list_multi',
      options: COLORS,
      value: 'r,g,b',
    });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: TITLE }));
    expect(tags(container)).toEqual(['红', '+ 2 ...']);
    await user.click(screen.getByRole('combobox', { name: TITLE }));
    await user.click(await option('绿'));
    expect(value()).toBe('r,b');
  });
});

describe('list_multi display', () => {
  it('shows the texts joined by commas', () => {
    expect(renderDisplay({ type: 'list_multi', value: 'r,b', options: COLORS }).text()).toBe(
      '红,蓝',
    );
    expect(renderCellDisplay({ type: 'list_multi', value: 'g', options: COLORS }).text()).toBe(
      '绿',
    );
    expect(renderDisplay({ type: 'list_multi', value: 'x,r', options: COLORS }).text()).toBe(
      'x,红',
    );
    expect(renderDisplay({ type: 'list_multi', value: '' }).text()).toBe('');
  });

  it('prefers the dictionary text of the record', () => {
    const record = { f_dictText: '红色,蓝色' };
    expect(
      renderDisplay({ type: 'list_multi', value: 'r,b', options: COLORS, record }).text(),
    ).toBe('红色,蓝色');
  });
});

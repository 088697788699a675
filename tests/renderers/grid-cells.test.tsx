import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RESERVED_TYPES } from '../../registry/registry';
import { TITLE, renderCell } from './cell-support';
import { SEX, builtinRegistry } from './support';

const COLORS = [
  { value: 'r', text: '红' },
  { value: 'g', text: '绿' },
  { value: 'b', text: '蓝' },
];
const tags = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-select-selection-item-content')].map((t) => t.textContent);

describe('grid cell types in the registry', () => {
  it('registers the cell types of widgets.md §2.5 this issue covers', () => {
    const registry = builtinRegistry();
    for (const type of ['normal', 'select-search', 'list_multi', 'progress', 'tags']) {
      expect(registry.has(type), type).toBe(true);
    }
  });

  it('never registers the grid own columns or slot', () => {
    const types = builtinRegistry().types();
    for (const type of [...RESERVED_TYPES, 'slot']) expect(types).not.toContain(type);
  });

  it('gives a cell where the grid needs one different from the field', () => {
    const registry = builtinRegistry();
    for (const type of ['inputNumber', 'checkbox', 'radio', 'select-multiple', 'normal']) {
      const renderer = registry.get(type);
      expect(renderer?.cell, type).toBeTruthy();
      expect(renderer?.cell, type).not.toBe(renderer?.field);
    }
  });
});

describe('select-multiple grid cell', () => {
  it('shows one tag and "+ N ..." (widgets.md §9), focused when opened', () => {
    const { container } = renderCell({ type: 'select-multiple', options: COLORS, value: 'r,g,b' });
    expect(tags(container)).toEqual(['红', '+ 2 ...']);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: TITLE }));
    expect(container.querySelector('.ant-select-sm')).toBeTruthy();
  });
});

describe('select grid cell', () => {
  it('searches with the column allowSearch', async () => {
    const { user, value } = renderCell({
      type: 'select',
      options: SEX,
      column: { allowSearch: true },
    });
    await user.type(screen.getByRole('combobox', { name: TITLE }), '女');
    await waitFor(() => expect(document.querySelector('[title="男"]')).toBeNull());
    await user.click(document.querySelector('.ant-select-item-option[title="女"]')!);
    expect(value()).toBe('2');
  });
});

describe('date and datetime grid cells', () => {
  it('hold YYYY-MM-DD text, small and focused', async () => {
    const { user, value, container } = renderCell({ type: 'date', value: '2024-03-05' });
    const box = (await screen.findByRole('textbox', { name: TITLE })) as HTMLInputElement;
    expect(box.value).toBe('2024-03-05');
    expect(container.querySelector('.ant-picker-small')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.click(box);
    await user.click(await waitFor(() => document.querySelector('td[title="2024-03-15"]')!));
    expect(value()).toBe('2024-03-15');
  });

  it('hold YYYY-MM-DD HH:mm:ss text', async () => {
    const { user, value } = renderCell({ type: 'datetime', value: '2024-03-05 10:20:30' });
    const box = (await screen.findByRole('textbox', { name: TITLE })) as HTMLInputElement;
    expect(box.value).toBe('2024-03-05 10:20:30');
    await user.clear(box);
    await user.type(box, '2024-12-31 23:59:58{Enter}');
    await waitFor(() => expect(value()).toBe('2024-12-31 23:59:58'));
  });
});

describe('normal grid cell', () => {
  it('is plain text on one line, never an input', () => {
    const { container, onChange } = renderCell({ type: 'normal', value: '1,2', options: SEX });
    expect(container.textContent).toBe('男,女');
    expect(container.querySelector('input, textarea, [role="combobox"]')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { TITLE, renderCell } from './cell-support';
import { builtinRegistry, renderDisplay, renderField } from './support';

const CITIES = [
  { value: 'bj', text: '北京' },
  { value: 'sh', text: '上海' },
  { value: 'nj', text: '南京' },
];
const combo = (name = TITLE) => screen.getByRole('combobox', { name });
/** The texts of the options the open dropdown offers. */
const offered = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
const option = (text: string) =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${text}"]`);
    if (!found) throw new Error(`option ${text} not shown`);
    return found as HTMLElement;
  });
const selectedText = (container: HTMLElement) =>
  container.querySelector('.ant-select-selection-item')?.textContent ?? null;

describe('select-search', () => {
  it('is registered with a props schema and the option display', () => {
    const renderer = builtinRegistry().get('select-search');
    expect(renderer?.entry.props.schema).toBeTruthy();
    expect(renderer?.lazy).toBe(false);
  });

  it('filters the options by the text typed and holds the chosen value', async () => {
    const { user, value, container } = renderCell({ type: 'select-search', options: CITIES });
    expect(document.activeElement).toBe(combo());
    await user.type(combo(), '京');
    await waitFor(() => expect(offered()).toEqual(['北京', '南京']));
    await user.click(await option('南京'));
    expect(value()).toBe('nj');
    expect(selectedText(container)).toBe('南京');
  });

  it('offers nothing for text matching no option, and keeps nothing by default', async () => {
    const { user, onChange } = renderCell({ type: 'select-search', options: CITIES, value: 'bj' });
    await user.type(combo(), '广州');
    await waitFor(() => expect(screen.getByText('无匹配项')).toBeTruthy());
    expect(offered()).toEqual([]);
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('with allowInput, offers the typed text and keeps it when chosen', async () => {
    const { user, value, container } = renderCell({
      type: 'select-search',
      options: CITIES,
      column: { allowInput: true },
    });
    await user.type(combo(), '广州');
    await user.click(await option('广州'));
    expect(value()).toBe('广州');
    expect(selectedText(container)).toBe('广州');
  });

  it('with allowInput, keeps the typed text when the cell is left', async () => {
    const { user, value, onBlur } = renderCell({
      type: 'select-search',
      options: CITIES,
      value: 'bj',
      column: { allowInput: true },
    });
    await user.type(combo(), '深圳');
    await user.tab();
    expect(value()).toBe('深圳');
    expect(onBlur).toHaveBeenCalled();
  });

  it('with allowInput, typed text of an option stands for that option', async () => {
    const { user, value } = renderCell({
      type: 'select-search',
      options: CITIES,
      column: { allowInput: true },
    });
    await user.type(combo(), '上海');
    await user.tab();
    expect(value()).toBe('sh');
  });

  it('in a form: clears to null and reads allowInput from the props', async () => {
    const { user, value, container } = renderField({
      type: 'select-search',
      options: CITIES,
      value: 'sh',
      props: { allowInput: true },
    });
    await user.click(container.querySelector('.ant-select-clear')!);
    expect(value()).toBeNull();
    await user.type(combo('名称'), '杭州');
    await user.tab();
    expect(value()).toBe('杭州');
    expect(selectedText(container)).toBe('杭州');
  });
});

describe('select-search display', () => {
  it('shows the option text, else the value itself', () => {
    expect(renderDisplay({ type: 'select-search', value: 'nj', options: CITIES }).text()).toBe(
      '南京',
    );
    expect(renderDisplay({ type: 'select-search', value: '广州', options: CITIES }).text()).toBe(
      '广州',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TITLE, renderCell, renderCellDisplay } from './cell-support';
import { builtinRegistry, renderDisplay, renderField } from './support';

const bar = () => screen.getByRole('progressbar');

describe('progress display', () => {
  it('shows a small bar of the percentage with its number', () => {
    const view = renderDisplay({ type: 'progress', value: 45 });
    expect(bar().getAttribute('aria-valuenow')).toBe('45');
    expect(bar().className).toContain('ant-progress-small');
    expect(view.text()).toBe('45%');
  });

  it('reads numeric text and keeps the bar within 0–100', () => {
    const a = renderCellDisplay({ type: 'progress', value: '30' });
    expect(bar().getAttribute('aria-valuenow')).toBe('30');
    a.unmount();
    const b = renderCellDisplay({ type: 'progress', value: 150 });
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    b.unmount();
    renderCellDisplay({ type: 'progress', value: -5 });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
  });

  it('shows nothing when empty, and no number with showInfo false', () => {
    expect(renderDisplay({ type: 'progress', value: null }).text()).toBe('');
    expect(renderDisplay({ type: 'progress', value: 'x' }).text()).toBe('');
    const view = renderDisplay({ type: 'progress', value: 60, props: { showInfo: false } });
    expect(view.text()).toBe('');
    expect(bar().getAttribute('aria-valuenow')).toBe('60');
  });
});

describe('progress', () => {
  it('is a number type', () => {
    expect(builtinRegistry().get('progress')?.entry.value).toBe('number');
  });

  it('is the same bar in a grid cell, not editable', () => {
    const { container } = renderCell({ type: 'progress', value: 20 });
    expect(bar().getAttribute('aria-valuenow')).toBe('20');
    expect(container.querySelector('input')).toBeNull();
  });

  it('can be typed in the grid with editable, kept within 0–100', async () => {
    const { user, value } = renderCell({ type: 'progress', value: 20, props: { editable: true } });
    const box = screen.getByRole('textbox', { name: TITLE }) as HTMLInputElement;
    await user.clear(box);
    await user.type(box, '1x50');
    await user.tab();
    expect(value()).toBe(100);
  });

  it('is the bar in a form, a number box with editable', async () => {
    const a = renderField({ type: 'progress', value: 70 });
    expect(bar().getAttribute('aria-valuenow')).toBe('70');
    a.unmount();
    const { user, value } = renderField({ type: 'progress', props: { editable: true } });
    await user.type(screen.getByRole('spinbutton', { name: '名称' }), '35');
    expect(value()).toBe(35);
  });
});

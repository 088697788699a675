import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SEX, renderDisplay, renderField } from './support';

describe('normal', () => {
  it('shows the value as text in a form, never an input', () => {
    const { container, onChange } = renderField({ type: 'normal', value: '只读内容' });
    expect(screen.getByText('只读内容')).toBeTruthy();
    expect(container.querySelector('input, textarea, [role="combobox"]')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows option texts when the field has options', () => {
    renderField({ type: 'normal', value: '1,2', options: SEX });
    expect(screen.getByText('男,女')).toBeTruthy();
  });

  it('shows nothing for odd values', () => {
    const { container } = renderField({ type: 'normal', value: { a: 1 } });
    expect(container.textContent).toBe('');
  });
});

describe('normal display', () => {
  it('shows dictionary text, option text or the value, cut in cells', () => {
    expect(renderDisplay({ type: 'normal', value: '1', record: { f_dictText: '男' } }).text()).toBe(
      '男',
    );
    expect(renderDisplay({ type: 'normal', value: '2', options: SEX }).text()).toBe('女');
    expect(renderDisplay({ type: 'normal', value: 12.5 }).text()).toBe('12.5');
    expect(renderDisplay({ type: 'normal', value: 'x'.repeat(30) }).text()).toBe(
      `${'x'.repeat(25)}...`,
    );
  });
});

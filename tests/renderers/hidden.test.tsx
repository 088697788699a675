import { describe, expect, it } from 'vitest';
import { renderDisplay, renderField } from './support';

describe('hidden', () => {
  it('shows nothing and keeps the value', () => {
    const { container, onChange } = renderField({ type: 'hidden', value: 'abc-1' });
    const input = container.querySelector('input');
    expect(input?.type).toBe('hidden');
    expect(input?.name).toBe('f');
    expect(input?.value).toBe('abc-1');
    expect(container.textContent).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('copes with odd values', () => {
    const { container } = renderField({ type: 'hidden', value: { id: 1 } });
    expect(container.querySelector('input')?.value).toBe('');
  });

  it('shows nothing in lists and detail views', () => {
    expect(renderDisplay({ type: 'hidden', value: 'abc-1' }).text()).toBe('');
  });
});

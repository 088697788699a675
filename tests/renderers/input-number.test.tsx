import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { builtinRegistry, renderDisplay, renderField } from './support';

const box = () => screen.getByRole('spinbutton', { name: '名称' }) as HTMLInputElement;

describe('inputNumber', () => {
  it('holds a number, not text', async () => {
    const { user, value } = renderField({ type: 'inputNumber' });
    await user.type(box(), '12.5');
    expect(value()).toBe(12.5);
  });

  it('becomes null when emptied', async () => {
    const { user, value } = renderField({ type: 'inputNumber', value: 7 });
    await user.clear(box());
    expect(value()).toBeNull();
  });

  it('reads numeric text as a number; other values show empty', () => {
    const a = renderField({ type: 'inputNumber', value: '3' });
    expect(box().value).toBe('3');
    a.unmount();
    renderField({ type: 'inputNumber', value: 'abc' });
    expect(box().value).toBe('');
  });

  it('keeps the value within min and max on blur', async () => {
    const { user, value } = renderField({ type: 'inputNumber', props: { min: 0, max: 10 } });
    await user.type(box(), '25');
    await user.tab();
    expect(value()).toBe(10);
  });

  it('rounds to precision and steps with the arrow keys', async () => {
    const { user, value } = renderField({
      type: 'inputNumber',
      value: 1,
      props: { precision: 2, step: 0.5 },
    });
    expect(box().value).toBe('1.00');
    await user.click(box());
    await user.keyboard('{ArrowUp}');
    expect(value()).toBe(1.5);
  });

  it('is not editable when readOnly or disabled', async () => {
    const ro = renderField({ type: 'inputNumber', value: 1, readOnly: true });
    await ro.user.type(box(), '5');
    expect(ro.onChange).not.toHaveBeenCalled();
    ro.unmount();
    renderField({ type: 'inputNumber', value: 1, disabled: true });
    expect(box().disabled).toBe(true);
  });

  it('is a number type', () => {
    expect(builtinRegistry().get('inputNumber')?.entry.value).toBe('number');
  });
});

describe('inputNumber display', () => {
  it('shows the number with its precision', () => {
    expect(renderDisplay({ type: 'inputNumber', value: 3, props: { precision: 2 } }).text()).toBe(
      '3.00',
    );
    expect(renderDisplay({ type: 'inputNumber', value: '4.5' }).text()).toBe('4.5');
  });

  it('shows nothing for empty or non-numeric values', () => {
    expect(renderDisplay({ type: 'inputNumber', value: null }).text()).toBe('');
    expect(renderDisplay({ type: 'inputNumber', value: 'x' }).text()).toBe('');
  });
});

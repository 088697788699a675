import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TITLE, renderCell } from './cell-support';

const box = () => screen.getByRole('textbox', { name: TITLE }) as HTMLInputElement;

describe('inputNumber grid cell', () => {
  it('is a plain text box, focused when opened, showing the number', () => {
    renderCell({ type: 'inputNumber', value: 12.5 });
    expect(box().value).toBe('12.5');
    expect(document.activeElement).toBe(box());
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('refuses keystrokes that would not make a number', async () => {
    const { user, value } = renderCell({ type: 'inputNumber' });
    await user.type(box(), '-1a2.x5.');
    expect(box().value).toBe('-12.5');
    expect(value()).toBe(-12.5);
    await user.type(box(), 'e+ ');
    expect(box().value).toBe('-12.5');
  });

  it('keeps a lone minus and a trailing point while typing, and settles them on blur', async () => {
    const { user, value, onBlur } = renderCell({ type: 'inputNumber' });
    await user.type(box(), '-');
    expect(box().value).toBe('-');
    expect(value()).toBeNull();
    await user.type(box(), '3.');
    expect(box().value).toBe('-3.');
    expect(value()).toBe(-3);
    await user.tab();
    expect(box().value).toBe('-3');
    expect(value()).toBe(-3);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('becomes null on blur when empty or a lone minus', async () => {
    const { user, value } = renderCell({ type: 'inputNumber', value: 8 });
    await user.clear(box());
    await user.type(box(), '-');
    await user.tab();
    expect(value()).toBeNull();
    expect(box().value).toBe('');
  });

  it('turns stored numeric text into a number on blur', async () => {
    const { user, value, onChange } = renderCell({ type: 'inputNumber', value: '42' });
    expect(box().value).toBe('42');
    await user.click(box());
    await user.tab();
    expect(onChange).toHaveBeenCalledWith(42);
    expect(value()).toBe(42);
  });

  it('reverts a paste that is not a number, keeps one that is', async () => {
    const { user, value } = renderCell({ type: 'inputNumber', value: 12 });
    await user.click(box());
    await user.paste('abc');
    expect(box().value).toBe('12');
    expect(value()).toBe(12);
    await user.clear(box());
    await user.paste('-7.25');
    expect(box().value).toBe('-7.25');
    expect(value()).toBe(-7.25);
  });

  it('applies min, max and precision of the column props on blur', async () => {
    const { user, value } = renderCell({
      type: 'inputNumber',
      props: { min: 0, max: 10, precision: 1 },
    });
    await user.type(box(), '25');
    await user.tab();
    expect(value()).toBe(10);
    await user.clear(box());
    await user.type(box(), '3.14');
    await user.tab();
    expect(box().value).toBe('3.1');
    expect(value()).toBe(3.1);
  });

  it('follows a value changed by the grid', async () => {
    const { setValue } = renderCell({ type: 'inputNumber', value: 1 });
    setValue(99);
    expect(await screen.findByDisplayValue('99')).toBe(box());
  });

  it('does not change an untouched empty cell on blur', async () => {
    const { user, onChange } = renderCell({ type: 'inputNumber' });
    await user.click(box());
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
  });
});

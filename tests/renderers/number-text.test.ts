import { describe, expect, it } from 'vitest';
import {
  isNumberText,
  nextNumberText,
  numberOfText,
  settleNumber,
  textOfNumber,
} from '../../renderers/shared/number-text';

describe('number text rule (widgets.md §5)', () => {
  it('accepts a number with an optional minus and decimals, empty, or a lone minus', () => {
    for (const text of ['', '-', '0', '12', '-12', '12.', '12.5', '-0.25', '007']) {
      expect(isNumberText(text), text).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const text of [
      'a',
      '1a',
      '--1',
      '1-',
      '1.2.3',
      '.5',
      '-.',
      '+1',
      '1e5',
      ' 1',
      '1 ',
      '1,5',
    ]) {
      expect(isNumberText(text), text).toBe(false);
    }
  });

  it('keeps the previous text when the next is refused', () => {
    expect(nextNumberText('12', '12a')).toBe('12');
    expect(nextNumberText('12', '12.')).toBe('12.');
    expect(nextNumberText('-', '-x')).toBe('-');
    expect(nextNumberText('5', '')).toBe('');
  });

  it('turns text into a number, empty text and a lone minus into null', () => {
    expect(numberOfText('12.')).toBe(12);
    expect(numberOfText('-0.5')).toBe(-0.5);
    expect(numberOfText('-0')).toBe(0);
    expect(Object.is(numberOfText('-0'), -0)).toBe(false);
    expect(numberOfText('')).toBeNull();
    expect(numberOfText('-')).toBeNull();
    expect(numberOfText('abc')).toBeNull();
  });

  it('shows stored numbers and numeric text without exponents', () => {
    expect(textOfNumber(12.5)).toBe('12.5');
    expect(textOfNumber('7')).toBe('7');
    expect(textOfNumber(1e21)).toBe('1000000000000000000000');
    expect(textOfNumber(0.0000001)).toBe('0.0000001');
    expect(textOfNumber(null)).toBe('');
    expect(textOfNumber('x')).toBe('');
    expect(isNumberText(textOfNumber(-1e-7))).toBe(true);
  });

  it('settles a number within min, max and precision', () => {
    expect(settleNumber(150, { min: 0, max: 100 })).toBe(100);
    expect(settleNumber(-3, { min: 0 })).toBe(0);
    expect(settleNumber(1.005, { precision: 1 })).toBe(1);
    expect(settleNumber(2.46, { precision: 1 })).toBe(2.5);
    expect(settleNumber(null, { min: 0 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptNumberText,
  isNumberText,
  numberOnBlur,
} from '../../../registry/grid/model/number-input';
import { listToTags, tagsToList } from '../../../registry/grid/model/tags';
import { checkboxValue, isChecked } from '../../../registry/grid/model/checkbox-value';

describe('number cells (§5)', () => {
  it.each(['', '-', '0', '12', '-12', '12.', '12.5', '-0.25'])(
    'accepts %j while typing',
    (text) => {
      expect(isNumberText(text)).toBe(true);
      expect(acceptNumberText(text, 'prev')).toBe(text);
    },
  );

  it.each(['a', '1a', '--1', '1.2.3', '+1', '1e5', ' 1', '.5', '1,000'])(
    'reverts %j to the previous text',
    (text) => {
      expect(acceptNumberText(text, '12')).toBe('12');
    },
  );

  it('becomes a number on blur, or null when it holds none', () => {
    expect(numberOnBlur('12.5')).toBe(12.5);
    expect(numberOnBlur('-3')).toBe(-3);
    expect(numberOnBlur('12.')).toBe(12);
    expect(numberOnBlur('')).toBeNull();
    expect(numberOnBlur('-')).toBeNull();
    expect(numberOnBlur('abc')).toBeNull();
  });
});

describe('tags cells', () => {
  it('read semicolon-separated text as tags and write it back', () => {
    expect(tagsToList('a; b;;c ')).toEqual(['a', 'b', 'c']);
    expect(tagsToList(null)).toEqual([]);
    expect(tagsToList(['x', ' y '])).toEqual(['x', 'y']);
    expect(listToTags(['a', ' b ', ''])).toBe('a;b');
    expect(listToTags([])).toBe('');
  });
});

describe('checkbox cells', () => {
  it('map a tick to the custom values and back', () => {
    expect(checkboxValue(true, ['Y', 'N'])).toBe('Y');
    expect(checkboxValue(false, ['Y', 'N'])).toBe('N');
    expect(checkboxValue(true)).toBe(true);
    expect(isChecked('Y', ['Y', 'N'])).toBe(true);
    expect(isChecked('N', ['Y', 'N'])).toBe(false);
    expect(isChecked(1, ['1', '0'])).toBe(true);
    expect(isChecked(undefined)).toBe(false);
    expect(isChecked(true)).toBe(true);
  });
});

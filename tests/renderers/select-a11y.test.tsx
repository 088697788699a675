import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Providers, SEX, builtinRegistry, fieldOf } from './support';

/**
 * Selects are named once: rc-select copies `aria-label` onto its outer box too, so in a form row
 * (an `id` its `<label for>` points at) the label alone names the input.
 */
describe('select accessible names', () => {
  for (const type of ['select', 'select-multiple', 'dict-select']) {
    it(`${type}: named by the row's label when it has an id, by aria-label without one`, () => {
      const Widget = builtinRegistry().get(type)!.field;
      const field = fieldOf({ type, label: '角色' });
      const { unmount } = render(
        <Providers>
          <label htmlFor="row-role">角色</label>
          <Widget id="row-role" field={field} options={SEX} value={null} />
        </Providers>,
      );
      expect(screen.getAllByLabelText('角色')).toHaveLength(1);
      expect(screen.getByRole('combobox', { name: '角色' }).id).toBe('row-role');
      unmount();

      render(
        <Providers>
          <Widget field={field} options={SEX} value={null} />
        </Providers>,
      );
      expect(screen.getByRole('combobox', { name: '角色' })).toBeTruthy();
    });
  }
});

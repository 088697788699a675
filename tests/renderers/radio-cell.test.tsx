import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TITLE, renderCell } from './cell-support';
import { SEX } from './support';

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('radio grid cell', () => {
  it('shows the options as radios on one line, the chosen one focused', async () => {
    const { user, value, container } = renderCell({ type: 'radio', options: SEX, value: '2' });
    const group = container.querySelector(`[aria-label="${TITLE}"]`) as HTMLElement;
    expect(group.style.whiteSpace).toBe('nowrap');
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(2);
    expect(document.activeElement).toBe(radio('女'));
    await user.click(screen.getByText('男'));
    expect(value()).toBe('1');
  });

  it('clears the chosen option on a second click when the column allows it', async () => {
    const { user, value } = renderCell({
      type: 'radio',
      options: SEX,
      value: '1',
      column: { allowClear: true },
    });
    await user.click(screen.getByText('男'));
    expect(value()).toBeNull();
    expect(radio('男').checked).toBe(false);
    await user.click(screen.getByText('男'));
    expect(value()).toBe('1');
  });

  it('keeps the chosen option when allowClear is false (the default)', async () => {
    for (const column of [{ allowClear: false }, {}]) {
      const { user, value, onChange, unmount } = renderCell({
        type: 'radio',
        options: SEX,
        value: '1',
        column,
      });
      await user.click(screen.getByText('男'));
      expect(onChange).not.toHaveBeenCalled();
      expect(value()).toBe('1');
      expect(radio('男').checked).toBe(true);
      unmount();
    }
  });
});

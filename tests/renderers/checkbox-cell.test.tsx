import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TITLE, renderCell, renderCellDisplay } from './cell-support';
import { renderDisplay } from './support';

const box = () => screen.getByRole('checkbox', { name: TITLE }) as HTMLInputElement;

describe('checkbox grid cell', () => {
  it('is a bare tick box, focused when opened, holding true / false by default', async () => {
    const { user, value, container } = renderCell({ type: 'checkbox' });
    expect(document.activeElement).toBe(box());
    expect(container.textContent).toBe('');
    expect(box().checked).toBe(false);
    await user.click(box());
    expect(value()).toBe(true);
    await user.click(box());
    expect(value()).toBe(false);
  });

  it('stores the column customValue pair both ways', async () => {
    const { user, value } = renderCell({
      type: 'checkbox',
      value: '0',
      column: { customValue: ['1', '0'] },
    });
    expect(box().checked).toBe(false);
    await user.click(box());
    expect(value()).toBe('1');
    expect(box().checked).toBe(true);
    await user.click(box());
    expect(value()).toBe('0');
  });

  it('reads stored values of the pair (number or text) and booleans', () => {
    const a = renderCell({ type: 'checkbox', value: 1, column: { customValue: ['1', '0'] } });
    expect(box().checked).toBe(true);
    a.unmount();
    const b = renderCell({ type: 'checkbox', value: 'Y', column: { customValue: ['Y', 'N'] } });
    expect(box().checked).toBe(true);
    b.unmount();
    renderCell({ type: 'checkbox', value: true, column: { customValue: ['是', '否'] } });
    expect(box().checked).toBe(true);
  });

  it('falls back to checkedValue / uncheckedValue of the props', async () => {
    const { user, value } = renderCell({
      type: 'checkbox',
      props: { checkedValue: 'on', uncheckedValue: 'off' },
    });
    await user.click(box());
    expect(value()).toBe('on');
  });

  it('does not change when disabled', () => {
    renderCell({ type: 'checkbox', value: true, disabled: true });
    expect(box().disabled).toBe(true);
  });
});

describe('checkbox display in the grid', () => {
  it('shows ✓ when checked and nothing when not, with customValue', () => {
    const grid = (value: unknown) =>
      renderCellDisplay({ type: 'checkbox', value, column: { customValue: ['1', '0'] } });
    expect(grid('1').text()).toBe('✓');
    expect(grid('0').text()).toBe('');
    expect(grid('其他').text()).toBe('其他');
  });

  it('keeps 是 / 否 without customValue', () => {
    expect(renderDisplay({ type: 'checkbox', value: true }).text()).toBe('是');
    expect(renderDisplay({ type: 'checkbox', value: false }).text()).toBe('否');
  });
});

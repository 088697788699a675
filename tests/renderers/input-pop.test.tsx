import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderDisplay, renderField } from './support';
import { renderCell } from './cell-support';

const openIcon = () => screen.getByRole('button', { name: '放大输入' });
const bigBox = () =>
  document.querySelector(
    '.ant-popover:not(.ant-popover-hidden):not(.ant-zoom-big-leave) textarea',
  ) as HTMLTextAreaElement | null;

describe('input_pop', () => {
  it('is a text box whose fullscreen icon opens a larger box holding the same value', async () => {
    const { user, value } = renderField({ type: 'input_pop', label: '备注', value: 'abc' });
    const input = screen.getByLabelText('备注') as HTMLInputElement;
    expect(input.value).toBe('abc');
    expect(bigBox()).toBeNull();
    await user.click(openIcon());
    await waitFor(() => expect(bigBox()).not.toBeNull());
    expect(bigBox()!.value).toBe('abc');
    // Edits in the larger box are the input's value, and back.
    await user.type(bigBox()!, 'd');
    expect(value()).toBe('abcd');
    expect(input.value).toBe('abcd');
    fireEvent.change(input, { target: { value: 'abcde' } });
    expect(bigBox()!.value).toBe('abcde');
  });

  it('sizes the larger box by its props: 150 × 200 by default, opening on the right', async () => {
    const { user } = renderField({ type: 'input_pop', label: '备注' });
    await user.click(openIcon());
    await waitFor(() => expect(bigBox()).not.toBeNull());
    expect(bigBox()!.style.width).toBe('150px');
    expect(bigBox()!.style.height).toBe('200px');
    expect(document.querySelector('.ant-popover-placement-right')).not.toBeNull();
  });

  it('takes width, height and placement from the field', async () => {
    const { user } = renderField({
      type: 'input_pop',
      label: '备注',
      props: { width: 400, height: 120, placement: 'bottom' },
    });
    await user.click(openIcon());
    await waitFor(() => expect(bigBox()).not.toBeNull());
    expect(bigBox()!.style.width).toBe('400px');
    expect(bigBox()!.style.height).toBe('120px');
    expect(document.querySelector('.ant-popover-placement-bottom')).not.toBeNull();
  });

  it('closes with its close icon', async () => {
    const { user } = renderField({ type: 'input_pop', label: '备注' });
    await user.click(openIcon());
    await waitFor(() => expect(bigBox()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(bigBox()).toBeNull());
  });

  it('in a grid cell the larger box is 300 × 210', async () => {
    const { user, value } = renderCell({ type: 'input_pop', value: 'x' });
    await user.click(openIcon());
    await waitFor(() => expect(bigBox()).not.toBeNull());
    expect(bigBox()!.style.width).toBe('300px');
    expect(bigBox()!.style.height).toBe('210px');
    await user.type(bigBox()!, 'y');
    expect(value()).toBe('xy');
  });

  it('does not open while disabled', async () => {
    const { user } = renderField({ type: 'input_pop', label: '备注', disabled: true });
    await user.click(openIcon());
    expect(bigBox()).toBeNull();
  });

  it('shows the text read-only', () => {
    const view = renderDisplay({ type: 'input_pop', value: '一段话' });
    expect(view.getByTestId('display').textContent).toBe('一段话');
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderDisplay, renderField } from './support';

const box = (name = '名称') => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('checkbox', () => {
  it('holds Y when ticked and N when not', async () => {
    const { user, value } = renderField({ type: 'checkbox' });
    expect(box().checked).toBe(false);
    await user.click(box());
    expect(value()).toBe('Y');
    await user.click(box());
    expect(value()).toBe('N');
  });

  it('uses checkedValue / uncheckedValue and shows its text', async () => {
    const { user, value } = renderField({
      type: 'checkbox',
      value: '1',
      props: { checkedValue: '1', uncheckedValue: '0', text: '启用' },
    });
    expect(box('启用').checked).toBe(true);
    await user.click(screen.getByText('启用'));
    expect(value()).toBe('0');
  });

  it('reads true/false and ignores odd values (unticked)', () => {
    const a = renderField({ type: 'checkbox', value: true });
    expect(box().checked).toBe(true);
    a.unmount();
    renderField({ type: 'checkbox', value: { y: 1 } });
    expect(box().checked).toBe(false);
  });

  it('cannot be changed when readOnly or disabled', async () => {
    const ro = renderField({ type: 'checkbox', value: 'Y', readOnly: true });
    await ro.user.click(box());
    expect(ro.onChange).not.toHaveBeenCalled();
    expect(box().checked).toBe(true);
    ro.unmount();
    renderField({ type: 'checkbox', value: 'Y', disabled: true });
    expect(box().disabled).toBe(true);
  });
});

describe('checkbox display', () => {
  it('shows 是 / 否, nothing when empty', () => {
    expect(renderDisplay({ type: 'checkbox', value: 'Y' }).text()).toBe('是');
    expect(renderDisplay({ type: 'checkbox', value: 'N' }).text()).toBe('否');
    expect(renderDisplay({ type: 'checkbox', value: null }).text()).toBe('');
  });

  it('follows custom values and labels', () => {
    const props = { checkedValue: '1', uncheckedValue: '0', labels: ['启用', '停用'] };
    expect(renderDisplay({ type: 'checkbox', value: '0', props }).text()).toBe('停用');
    expect(renderDisplay({ type: 'checkbox', value: 1, props }).text()).toBe('启用');
  });
});

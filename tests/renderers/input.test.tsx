import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { builtinRegistry, renderDisplay, renderField } from './support';

const box = () => screen.getByRole('textbox', { name: '名称' });

describe('input', () => {
  it('holds what the user types, with 请输入 + label as placeholder', async () => {
    const { user, onChange, value } = renderField({ type: 'input' });
    expect(box().getAttribute('placeholder')).toBe('请输入名称');
    await user.type(box(), '张三');
    expect(value()).toBe('张三');
    expect(onChange).toHaveBeenLastCalledWith('张三');
  });

  it('shows the incoming value; a non-text value shows empty, never crashes', () => {
    renderField({ type: 'input', value: 42 });
    expect((box() as HTMLInputElement).value).toBe('42');
  });

  it('shows an object value as empty', () => {
    renderField({ type: 'input', value: { a: 1 } });
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('stops at maxLength and shows prefix and suffix texts', async () => {
    const { user, value } = renderField({
      type: 'input',
      props: { maxLength: 3, prefix: '¥', suffix: '元' },
    });
    await user.type(box(), '12345');
    expect(value()).toBe('123');
    expect(screen.getByText('¥')).toBeTruthy();
    expect(screen.getByText('元')).toBeTruthy();
  });

  it('clears to an empty string with allowClear', async () => {
    const { user, value, container } = renderField({
      type: 'input',
      value: 'abc',
      props: { allowClear: true },
    });
    const clear = container.querySelector('.ant-input-clear-icon');
    expect(clear).toBeTruthy();
    await user.click(clear!);
    expect(value()).toBe('');
  });

  it('has no clear icon by default', () => {
    const { container } = renderField({ type: 'input', value: 'abc' });
    expect(container.querySelector('.ant-input-clear-icon')).toBeNull();
  });

  it('is not editable when readOnly or disabled', async () => {
    const ro = renderField({ type: 'input', value: 'abc', readOnly: true });
    await ro.user.type(box(), 'x');
    expect(ro.onChange).not.toHaveBeenCalled();
    expect((box() as HTMLInputElement).readOnly).toBe(true);
    ro.unmount();
    const off = renderField({ type: 'input', value: 'abc', disabled: true });
    expect((box() as HTMLInputElement).disabled).toBe(true);
    await off.user.type(box(), 'x');
    expect(off.onChange).not.toHaveBeenCalled();
  });

  it('passes blur to the host', async () => {
    const { user, onBlur } = renderField({ type: 'input' });
    await user.click(box());
    await user.tab();
    expect(onBlur).toHaveBeenCalled();
  });

  it('is filtered with like and holds strings', () => {
    const renderer = builtinRegistry().get('input');
    expect(renderer?.entry.queryRule).toBe('like');
    expect(renderer?.entry.value).toBe('string');
  });
});

describe('input display', () => {
  const long = '这是一段很长很长的说明文字，超过了二十五个宽度单位';

  it('shows short text as it is', () => {
    expect(renderDisplay({ type: 'input', value: 'abc' }).text()).toBe('abc');
  });

  it('cuts long text in a cell at 25 width units and shows it whole in a tooltip', async () => {
    const { text, user } = renderDisplay({ type: 'input', value: long });
    expect(text()).toBe('这是一段很长很长的说明文...');
    await user.hover(screen.getByText('这是一段很长很长的说明文...'));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(long));
  });

  it('shows long text whole in a detail view', () => {
    expect(renderDisplay({ type: 'input', value: long, variant: 'detail' }).text()).toBe(long);
  });

  it('follows props.ellipsis (0 never cuts)', () => {
    expect(renderDisplay({ type: 'input', value: long, props: { ellipsis: 0 } }).text()).toBe(long);
  });

  it('shows nothing for empty and odd values', () => {
    expect(renderDisplay({ type: 'input', value: null }).text()).toBe('');
    expect(renderDisplay({ type: 'input', value: ['a'] }).text()).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { checkPage } from '../../src/contracts/page-check';
import { builtinRegistry, renderDisplay, renderField } from './support';

const box = () => screen.getByLabelText('密码') as HTMLInputElement;
const eye = (container: HTMLElement) => container.querySelector('.ant-input-password-icon');

describe('password', () => {
  it('holds what the user types, masked, with 请输入 + label as placeholder', async () => {
    const { user, value, onChange } = renderField({ type: 'password', label: '密码' });
    expect(box().type).toBe('password');
    expect(box().getAttribute('placeholder')).toBe('请输入密码');
    expect(box().getAttribute('autocomplete')).toBe('new-password');
    await user.type(box(), 'Secret#1');
    expect(value()).toBe('Secret#1');
    expect(onChange).toHaveBeenLastCalledWith('Secret#1');
  });

  it('uses the placeholder given', () => {
    renderField({ type: 'password', label: '密码', placeholder: '至少 8 位' });
    expect(box().getAttribute('placeholder')).toBe('至少 8 位');
  });

  it('reveals what was typed with the eye icon, unless visibilityToggle is false', async () => {
    const shown = renderField({ type: 'password', label: '密码', value: 'abc' });
    expect(eye(shown.container)).toBeTruthy();
    await shown.user.click(eye(shown.container)!);
    expect(box().type).toBe('text');
    shown.unmount();
    const hidden = renderField({
      type: 'password',
      label: '密码',
      value: 'abc',
      props: { visibilityToggle: false },
    });
    expect(eye(hidden.container)).toBeNull();
  });

  it('stops at maxLength', async () => {
    const { user, value } = renderField({
      type: 'password',
      label: '密码',
      props: { maxLength: 4 },
    });
    await user.type(box(), '123456');
    expect(value()).toBe('1234');
  });

  it('shows an odd value as empty and is not editable when readOnly or disabled', async () => {
    const odd = renderField({ type: 'password', label: '密码', value: { a: 1 } });
    expect(box().value).toBe('');
    odd.unmount();
    const ro = renderField({ type: 'password', label: '密码', value: 'abc', readOnly: true });
    await ro.user.type(box(), 'x');
    expect(ro.onChange).not.toHaveBeenCalled();
    expect(eye(ro.container)).toBeNull();
    ro.unmount();
    renderField({ type: 'password', label: '密码', value: 'abc', disabled: true });
    expect(box().disabled).toBe(true);
  });

  it('refuses props it does not know and a maxLength below 1', () => {
    const checked = checkPage({
      schemaVersion: 2,
      code: 'demo_user',
      title: '用户',
      kind: 'list',
      api: { list: '/demo/list' },
      fields: [
        { name: 'a', label: 'A', type: 'password', props: { maxLength: 0 } },
        { name: 'b', label: 'B', type: 'password', props: { showValue: true } },
      ],
    });
    expect(checked.ok ? [] : checked.problems.map((p) => p.path)).toEqual([
      '/fields/0/props/maxLength',
      '/fields/1/props/showValue',
    ]);
  });

  it('holds strings and filters by equality', () => {
    const renderer = builtinRegistry().get('password');
    expect(renderer?.entry.value).toBe('string');
    expect(renderer?.entry.queryRule).toBe('eq');
  });
});

describe('password display', () => {
  it('never shows the value: ****** when set', () => {
    const { text, container } = renderDisplay({ type: 'password', value: 'Secret#1' });
    expect(text()).toBe('******');
    expect(container.innerHTML).not.toContain('Secret');
    expect(renderDisplay({ type: 'password', value: 'x', variant: 'detail' }).text()).toBe(
      '******',
    );
  });

  it('shows nothing when empty', () => {
    expect(renderDisplay({ type: 'password', value: '' }).text()).toBe('');
    expect(renderDisplay({ type: 'password', value: null }).text()).toBe('');
  });
});

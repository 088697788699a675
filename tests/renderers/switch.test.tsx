import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderDisplay, renderField } from './support';

const sw = () => screen.getByRole('switch', { name: '名称' });

describe('switch', () => {
  it('holds Y when on and N when off', async () => {
    const { user, value } = renderField({ type: 'switch' });
    expect(sw().getAttribute('aria-checked')).toBe('false');
    await user.click(sw());
    expect(value()).toBe('Y');
    expect(sw().getAttribute('aria-checked')).toBe('true');
    await user.click(sw());
    expect(value()).toBe('N');
  });

  it('uses props.options [on, off] even when the host passes resolved options', async () => {
    const { user, value } = renderField({
      type: 'switch',
      value: '1',
      props: { options: ['1', '0'] },
      // What the engine resolves for a field without dictCode/options: an empty list.
      options: [],
    });
    expect(sw().getAttribute('aria-checked')).toBe('true');
    await user.click(sw());
    expect(value()).toBe('0');
  });

  it('writes labels on the switch with showLabels', () => {
    renderField({
      type: 'switch',
      value: 'Y',
      props: { labels: ['开', '关'], showLabels: true },
    });
    expect(sw().textContent).toContain('开');
  });

  it('cannot be changed when readOnly or disabled', async () => {
    const ro = renderField({ type: 'switch', value: 'Y', readOnly: true });
    await ro.user.click(sw());
    expect(ro.onChange).not.toHaveBeenCalled();
    expect(sw().getAttribute('aria-checked')).toBe('true');
    ro.unmount();
    const off = renderField({ type: 'switch', value: 'N', disabled: true });
    await off.user.click(sw());
    expect(off.onChange).not.toHaveBeenCalled();
    expect((sw() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an odd value as off', () => {
    renderField({ type: 'switch', value: [1] });
    expect(sw().getAttribute('aria-checked')).toBe('false');
  });
});

describe('switch display', () => {
  it('shows 是 / 否, nothing when empty', () => {
    expect(renderDisplay({ type: 'switch', value: 'Y' }).text()).toBe('是');
    expect(renderDisplay({ type: 'switch', value: 'N' }).text()).toBe('否');
    expect(renderDisplay({ type: 'switch', value: '' }).text()).toBe('');
  });

  it('shows custom texts for custom values', () => {
    const props = { options: ['1', '0'], labels: ['开启', '关闭'] };
    expect(renderDisplay({ type: 'switch', value: '1', props }).text()).toBe('开启');
    expect(renderDisplay({ type: 'switch', value: 0, props }).text()).toBe('关闭');
  });
});

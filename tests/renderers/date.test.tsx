import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { BUILTIN_BINDINGS } from '../../renderers';
import { builtinRegistry, renderDisplay, renderField } from './support';

/** The picker's text box, once the lazy picker code has loaded. */
const box = async () => (await screen.findByRole('textbox', { name: '名称' })) as HTMLInputElement;
const cell = (title: string) =>
  waitFor(() => {
    const found = document.querySelector(`td[title="${title}"]`);
    if (!found) throw new Error(`day ${title} not shown`);
    return found as HTMLElement;
  });

describe('date', () => {
  it('loads lazily and shows the value as YYYY-MM-DD', async () => {
    // The product binds it to a loader (these tests load it up front: support.tsx).
    expect('lazy' in BUILTIN_BINDINGS.date).toBe(true);
    renderField({ type: 'date', value: '2024-03-05' });
    expect((await box()).value).toBe('2024-03-05');
    expect((await box()).getAttribute('placeholder')).toBe('请选择名称');
  });

  it('holds a picked day as YYYY-MM-DD text', async () => {
    const { user, value } = renderField({ type: 'date', value: '2024-03-05' });
    await user.click(await box());
    await user.click(await cell('2024-03-15'));
    expect(value()).toBe('2024-03-15');
  });

  it('holds a typed day', async () => {
    const { user, value } = renderField({ type: 'date' });
    await user.click(await box());
    await user.keyboard('2024-12-31{Enter}');
    expect(value()).toBe('2024-12-31');
  });

  it('clears to null', async () => {
    const { user, value, container } = renderField({ type: 'date', value: '2024-03-05' });
    await box();
    await user.click(container.querySelector('.ant-picker-clear')!);
    expect(value()).toBeNull();
  });

  it('shows a datetime value as its day, and unreadable values as empty', async () => {
    const a = renderField({ type: 'date', value: '2024-03-05 10:00:00' });
    expect((await box()).value).toBe('2024-03-05');
    a.unmount();
    const b = renderField({ type: 'date', value: '2024-02-30' });
    expect((await box()).value).toBe('');
    b.unmount();
    renderField({ type: 'date', value: { when: 'now' } });
    expect((await box()).value).toBe('');
  });

  it('offers only days between min and max', async () => {
    const { user } = renderField({
      type: 'date',
      value: '2024-03-10',
      props: { min: '2024-03-05', max: '2024-03-20' },
    });
    await user.click(await box());
    expect((await cell('2024-03-04')).className).toContain('ant-picker-cell-disabled');
    expect((await cell('2024-03-05')).className).not.toContain('ant-picker-cell-disabled');
    expect((await cell('2024-03-21')).className).toContain('ant-picker-cell-disabled');
  });

  it('never opens when readOnly; disabled when disabled', async () => {
    const ro = renderField({ type: 'date', value: '2024-03-05', readOnly: true });
    await ro.user.click(await box());
    expect(document.querySelector('td[title="2024-03-15"]')).toBeNull();
    expect(ro.container.querySelector('.ant-picker-clear')).toBeNull();
    ro.unmount();
    renderField({ type: 'date', value: '2024-03-05', disabled: true });
    expect((await box()).disabled).toBe(true);
  });
});

describe('date display', () => {
  it('shows YYYY-MM-DD without loading the picker', () => {
    const renderer = builtinRegistry().get('date');
    // The light view is given up front: not a React.lazy wrapper.
    expect((renderer?.display as { $$typeof?: symbol } | null)?.$$typeof).toBeUndefined();
    expect(renderDisplay({ type: 'date', value: '2024-03-05 08:00:00' }).text()).toBe('2024-03-05');
  });

  it('shows nothing for empty or unreadable values', () => {
    expect(renderDisplay({ type: 'date', value: '' }).text()).toBe('');
    expect(renderDisplay({ type: 'date', value: 'yesterday' }).text()).toBe('');
  });
});

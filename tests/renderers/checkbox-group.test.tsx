import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { builtinRegistry, renderDisplay, renderField } from './support';

const HOBBIES = [
  { value: 'read', text: '阅读' },
  { value: 'run', text: '跑步' },
  { value: 'swim', text: '游泳' },
];
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('checkbox-group', () => {
  it('holds the ticked values as a comma-separated string, in option order', async () => {
    const { user, value } = renderField({ type: 'checkbox-group', options: HOBBIES });
    await user.click(box('游泳'));
    await user.click(box('阅读'));
    expect(value()).toBe('read,swim');
    await user.click(box('游泳'));
    expect(value()).toBe('read');
    await user.click(box('阅读'));
    expect(value()).toBe('');
  });

  it('ticks the incoming values; unknown values are ignored', () => {
    renderField({ type: 'checkbox-group', options: HOBBIES, value: 'run,nope' });
    expect(box('跑步').checked).toBe(true);
    expect(box('阅读').checked).toBe(false);
  });

  it('uses the separator prop', async () => {
    const { user, value } = renderField({
      type: 'checkbox-group',
      options: HOBBIES,
      value: 'read|run',
      props: { separator: '|' },
    });
    await user.click(box('游泳'));
    expect(value()).toBe('read|run|swim');
  });

  it('cannot be changed when readOnly or disabled', async () => {
    const ro = renderField({
      type: 'checkbox-group',
      options: HOBBIES,
      value: 'run',
      readOnly: true,
    });
    await ro.user.click(box('阅读'));
    expect(ro.onChange).not.toHaveBeenCalled();
    expect(box('阅读').checked).toBe(false);
    ro.unmount();
    renderField({ type: 'checkbox-group', options: HOBBIES, disabled: true });
    expect(box('阅读').disabled).toBe(true);
  });

  it('is a list type filtered with in', () => {
    expect(builtinRegistry().get('checkbox-group')?.entry.queryRule).toBe('in');
  });
});

describe('checkbox-group display', () => {
  it('shows tags of the option texts, dictionary text first', () => {
    const a = renderDisplay({ type: 'checkbox-group', value: 'read,run', options: HOBBIES });
    expect([...a.container.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual([
      '阅读',
      '跑步',
    ]);
    a.unmount();
    const b = renderDisplay({
      type: 'checkbox-group',
      value: 'read',
      record: { f_dictText: '读书' },
    });
    expect(b.text()).toBe('读书');
  });
});

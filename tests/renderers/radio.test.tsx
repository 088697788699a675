import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SEX, renderDisplay, renderField } from './support';

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('radio', () => {
  it('holds the chosen option value', async () => {
    const { user, value } = renderField({ type: 'radio', options: SEX });
    await user.click(screen.getByText('女'));
    expect(value()).toBe('2');
    expect(radio('女').checked).toBe(true);
    await user.click(radio('男'));
    expect(value()).toBe('1');
  });

  it('does not clear on a second click by default', async () => {
    const { user, value, onChange } = renderField({ type: 'radio', options: SEX, value: '1' });
    await user.click(screen.getByText('男'));
    expect(onChange).not.toHaveBeenCalled();
    expect(value()).toBe('1');
  });

  it('clears on a click of the chosen option with allowClear', async () => {
    const { user, value } = renderField({
      type: 'radio',
      options: SEX,
      value: '1',
      props: { allowClear: true },
    });
    await user.click(screen.getByText('男'));
    expect(value()).toBeNull();
    expect(radio('男').checked).toBe(false);
    await user.click(screen.getByText('男'));
    expect(value()).toBe('1');
  });

  it('shows buttons with optionType button', () => {
    const { container } = renderField({
      type: 'radio',
      options: SEX,
      props: { optionType: 'button' },
    });
    expect(container.querySelectorAll('.ant-radio-button-wrapper')).toHaveLength(2);
  });

  it('cannot be changed when readOnly or disabled', async () => {
    const ro = renderField({
      type: 'radio',
      options: SEX,
      value: '1',
      readOnly: true,
      props: { allowClear: true },
    });
    await ro.user.click(screen.getByText('女'));
    await ro.user.click(screen.getByText('男'));
    expect(ro.onChange).not.toHaveBeenCalled();
    expect(radio('男').checked).toBe(true);
    ro.unmount();
    renderField({ type: 'radio', options: SEX, disabled: true });
    expect(radio('女').disabled).toBe(true);
  });

  it('reads a number value as its option', () => {
    renderField({ type: 'radio', options: SEX, value: 2 });
    expect(radio('女').checked).toBe(true);
  });
});

describe('radio display', () => {
  it('shows the dictionary text, else the option text', () => {
    expect(
      renderDisplay({
        type: 'radio',
        value: '1',
        options: SEX,
        record: { f_dictText: '先生' },
      }).text(),
    ).toBe('先生');
    expect(renderDisplay({ type: 'radio', value: '2', options: SEX }).text()).toBe('女');
  });
});

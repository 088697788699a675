import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SEX, renderDisplay, renderField } from './support';

const option = (text: string) =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${text}"]`);
    if (!found) throw new Error(`option ${text} not shown`);
    return found as HTMLElement;
  });

describe('dict-select', () => {
  it('select mode (default): a dropdown of the dictionary items, clearable', async () => {
    const { user, value, container } = renderField({ type: 'dict-select', options: SEX });
    await user.click(screen.getByRole('combobox', { name: '名称' }));
    await user.click(await option('男'));
    expect(value()).toBe('1');
    await user.click(container.querySelector('.ant-select-clear')!);
    expect(value()).toBeNull();
  });

  it('radio mode: radios, a second click does not clear by default', async () => {
    const { user, value, container } = renderField({
      type: 'dict-select',
      options: SEX,
      props: { mode: 'radio' },
    });
    expect(container.querySelectorAll('.ant-radio-wrapper')).toHaveLength(2);
    await user.click(screen.getByText('女'));
    await user.click(screen.getByText('女'));
    expect(value()).toBe('2');
  });

  it('radio-button mode: buttons, clearable with allowClear', async () => {
    const { user, value, container } = renderField({
      type: 'dict-select',
      options: SEX,
      value: '1',
      props: { mode: 'radio-button', allowClear: true },
    });
    expect(container.querySelectorAll('.ant-radio-button-wrapper')).toHaveLength(2);
    await user.click(screen.getByText('男'));
    expect(value()).toBeNull();
  });

  it('cannot be changed when readOnly in any mode', async () => {
    for (const mode of ['radio', 'radio-button']) {
      const view = renderField({
        type: 'dict-select',
        options: SEX,
        value: '1',
        readOnly: true,
        props: { mode },
      });
      await view.user.click(screen.getByText('女'));
      expect(view.onChange).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('shows nothing to choose from before its dictionary resolves', () => {
    const { container } = renderField({ type: 'dict-select', props: { mode: 'radio' } });
    expect(container.querySelectorAll('.ant-radio-wrapper')).toHaveLength(0);
  });
});

describe('dict-select display', () => {
  it('shows <name>_dictText first, else the item text, else the value', () => {
    expect(
      renderDisplay({ type: 'dict-select', value: '1', record: { f_dictText: '男' } }).text(),
    ).toBe('男');
    expect(renderDisplay({ type: 'dict-select', value: '2', options: SEX }).text()).toBe('女');
    expect(renderDisplay({ type: 'dict-select', value: '3' }).text()).toBe('3');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderDisplay, renderField } from './support';

const combo = () => screen.getByRole('combobox', { name: '名称' });
const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

describe('icon-select', () => {
  it('offers the icons by their Chinese names and holds the chosen name', async () => {
    const { user, value, container } = renderField({ type: 'icon-select' });
    await user.click(combo());
    await user.type(combo(), '设置');
    await waitFor(() => expect(optionTexts()).toEqual(['设置']));
    await user.click(document.querySelector('.ant-select-item-option')!);
    expect(value()).toBe('setting');
    // The choice shows the icon with its name, not the stored name.
    const chosen = container.querySelector('.ant-select-selection-item')!;
    expect(chosen.textContent).toBe('设置');
    await waitFor(() => expect(chosen.querySelector('.anticon-setting')).not.toBeNull());
  });

  it('finds an icon by its stored name too', async () => {
    const { user } = renderField({ type: 'icon-select' });
    await user.type(combo(), 'bar-chart');
    await waitFor(() => expect(optionTexts()).toEqual(['柱状图']));
  });

  it('keeps a stored name outside the list as it is', () => {
    const { container } = renderField({ type: 'icon-select', value: 'icon-legacy' });
    expect(container.querySelector('.ant-select-selection-item')?.textContent).toBe('icon-legacy');
  });

  it('shows the icon and its Chinese name in lists; a theme suffix is read as the icon', async () => {
    const { container } = renderDisplay({ type: 'icon-select', value: 'SettingOutlined' });
    expect(container.textContent).toBe('设置');
    await waitFor(() => expect(container.querySelector('.anticon-setting')).not.toBeNull());
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import SettingDrawer from '../../../src/app/settings/SettingDrawer';
import {
  COLOR_PRESETS,
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  type Settings,
} from '../../../src/app/settings/settings';
import { settingsAtom } from '../../../src/app/state/atoms';
import { envelope } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';

function renderDrawer() {
  const { services } = createTestServices(() => ({ status: 200, data: envelope(null) }));
  const store = createStore();
  render(
    <Providers services={services} store={store}>
      <SettingDrawer open onClose={() => undefined} />
    </Providers>,
  );
  return { store, user: userEvent.setup({ delay: null }) };
}

function stored(): Settings | null {
  const raw = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Settings) : null;
}

/** The switch on the row labelled `label`. */
function switchOf(label: string): HTMLElement {
  const row = screen.getByText(label).closest('.ant-list-item');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${label}`);
  return within(row).getByRole('switch');
}

const colourButton = (name: string) => screen.getByRole('button', { name });

describe('SettingDrawer', () => {
  it('starts from the defaults and has stored nothing yet', async () => {
    const { store } = renderDrawer();
    expect(await screen.findByText('系统设置')).toBeTruthy();
    expect(store.get(settingsAtom)).toEqual(DEFAULT_SETTINGS);
    expect(stored()).toBeNull();
    expect(switchOf('多页签模式').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('色弱模式').getAttribute('aria-checked')).toBe('false');
  });

  it('shows the eight colour presets, the default one marked', () => {
    renderDrawer();
    const buttons = COLOR_PRESETS.map((preset) => colourButton(preset.name));
    expect(buttons).toHaveLength(8);
    const marked = buttons.filter((b) => b.querySelector('[aria-label="check"]'));
    expect(marked.map((b) => b.getAttribute('aria-label'))).toEqual(['拂晓蓝（默认）']);
  });

  it('toggling an option writes SCHEMA_ADMIN_SETTINGS', async () => {
    const { store, user } = renderDrawer();
    await user.click(switchOf('色弱模式'));
    await waitFor(() => expect(stored()).toEqual({ ...DEFAULT_SETTINGS, colorWeak: true }));
    expect(store.get(settingsAtom).colorWeak).toBe(true);
    expect(switchOf('色弱模式').getAttribute('aria-checked')).toBe('true');

    await user.click(switchOf('多页签模式'));
    await waitFor(() => expect(stored()?.multipage).toBe(false));
  });

  it('choosing a colour stores it and marks it', async () => {
    const { user } = renderDrawer();
    await user.click(colourButton('酱紫'));
    await waitFor(() => expect(stored()?.primaryColor).toBe('#722ED1'));
    expect(colourButton('酱紫').querySelector('[aria-label="check"]')).not.toBeNull();
    expect(colourButton('拂晓蓝（默认）').querySelector('[aria-label="check"]')).toBeNull();
  });

  it('hide-on-scroll is only available with a fixed header', async () => {
    const { user } = renderDrawer();
    const autoHide = () => switchOf('下滑时隐藏 Header') as HTMLButtonElement;
    expect(autoHide().disabled).toBe(true);
    await user.click(switchOf('固定 Header'));
    await waitFor(() => expect(autoHide().disabled).toBe(false));
    await user.click(autoHide());
    await waitFor(() =>
      expect(stored()).toMatchObject({ fixedHeader: true, autoHideHeader: true }),
    );
    await user.click(switchOf('固定 Header'));
    await waitFor(() =>
      expect(stored()).toMatchObject({ fixedHeader: false, autoHideHeader: false }),
    );
  });

  it('stores the menu theme and navigation mode', async () => {
    const { user } = renderDrawer();
    await user.click(screen.getByLabelText('亮色菜单风格'));
    await waitFor(() => expect(stored()?.theme).toBe('light'));
    await user.click(screen.getByLabelText('顶部栏导航'));
    await waitFor(() => expect(stored()?.layout).toBe('topmenu'));
    expect((switchOf('固定侧边菜单') as HTMLButtonElement).disabled).toBe(true);
  });
});

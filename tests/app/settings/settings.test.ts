import { describe, expect, it } from 'vitest';
import {
  COLOR_PRESETS,
  DEFAULT_SETTINGS,
  parseSettings,
  updateSettings,
} from '../../../src/app/settings/settings';

describe('settings defaults (shell.md §3, §9)', () => {
  it('are #1890FF, dark, sidemenu, Fixed, multipage on', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      primaryColor: '#1890FF',
      theme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      multipage: true,
    });
  });

  it('offer eight colour presets with blue as the default', () => {
    expect(COLOR_PRESETS).toHaveLength(8);
    expect(new Set(COLOR_PRESETS.map((p) => p.color)).size).toBe(8);
    expect(COLOR_PRESETS.map((p) => p.color)).toContain('#1890FF');
  });
});

describe('parseSettings', () => {
  it('answers the defaults when nothing is stored', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it.each(['{not json', 'null', '42', '"text"', '[]'])(
    'answers the defaults for unusable stored data %s',
    (raw) => {
      expect(parseSettings(raw)).toEqual(DEFAULT_SETTINGS);
    },
  );

  it('reads stored fields and gives each bad or missing field its default', () => {
    const parsed = parseSettings(
      JSON.stringify({
        theme: 'light',
        layout: 'topmenu',
        contentWidth: 'Fluid',
        primaryColor: '#722ED1',
        colorWeak: true,
        multipage: 'yes',
        fixedHeader: 1,
        sidebarOpen: false,
      }),
    );
    expect(parsed).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'light',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      primaryColor: '#722ED1',
      colorWeak: true,
      sidebarOpen: false,
    });
  });

  it('refuses values outside the allowed choices', () => {
    const parsed = parseSettings(
      JSON.stringify({ theme: 'neon', layout: 'x', contentWidth: 'Wide', primaryColor: 'red' }),
    );
    expect(parsed).toEqual(DEFAULT_SETTINGS);
  });
});

describe('updateSettings', () => {
  it('applies a simple change', () => {
    expect(updateSettings(DEFAULT_SETTINGS, { theme: 'light' })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'light',
    });
  });

  it('does not hide the header on scroll without a fixed header', () => {
    expect(updateSettings(DEFAULT_SETTINGS, { autoHideHeader: true }).autoHideHeader).toBe(false);
  });

  it('hides the header on scroll when the header is fixed', () => {
    const fixed = updateSettings(DEFAULT_SETTINGS, { fixedHeader: true });
    expect(updateSettings(fixed, { autoHideHeader: true }).autoHideHeader).toBe(true);
  });

  it('turning the fixed header off turns auto-hide off', () => {
    const hiding = updateSettings(DEFAULT_SETTINGS, { fixedHeader: true, autoHideHeader: true });
    expect(updateSettings(hiding, { fixedHeader: false })).toMatchObject({
      fixedHeader: false,
      autoHideHeader: false,
    });
  });

  it('allows Fluid width only in topmenu mode', () => {
    expect(updateSettings(DEFAULT_SETTINGS, { contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    const top = updateSettings(DEFAULT_SETTINGS, { layout: 'topmenu' });
    const fluid = updateSettings(top, { contentWidth: 'Fluid' });
    expect(fluid.contentWidth).toBe('Fluid');
    expect(updateSettings(fluid, { layout: 'sidemenu' }).contentWidth).toBe('Fixed');
  });
});

/** Appearance settings of the settings drawer (shell.md §2, §3, §9), stored locally. */

export type MenuTheme = 'dark' | 'light';
export type NavMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface Settings {
  /** Side menu expanded (desktop). */
  readonly sidebarOpen: boolean;
  /** Menu theme. Default dark. */
  readonly theme: MenuTheme;
  /** Navigation mode. Default sidemenu. */
  readonly layout: NavMode;
  /** Primary colour. Default #1890FF. */
  readonly primaryColor: string;
  /** Colour-weak mode (a page-wide filter). */
  readonly colorWeak: boolean;
  /** Header fixed at the top. */
  readonly fixedHeader: boolean;
  /** Side menu fixed while the page scrolls. */
  readonly fixSiderbar: boolean;
  /** Hide the (fixed) header after scrolling down 100 px. */
  readonly autoHideHeader: boolean;
  /** Content width; Fluid only applies in topmenu mode. Default Fixed. */
  readonly contentWidth: ContentWidth;
  /** Multi-page tabs. Default on (always off on mobile). */
  readonly multipage: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sidebarOpen: true,
  theme: 'dark',
  layout: 'sidemenu',
  primaryColor: '#1890FF',
  colorWeak: false,
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  contentWidth: 'Fixed',
  multipage: true,
};

/** The eight colour presets; blue is the default. */
export const COLOR_PRESETS: readonly { readonly name: string; readonly color: string }[] = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝（默认）', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
];

/** Scroll distance after which an auto-hiding header hides. */
export const HEADER_HIDE_SCROLL_PX = 100;

export const SETTINGS_STORAGE_KEY = 'SCHEMA_ADMIN_SETTINGS';

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Reads stored settings; every missing or bad field takes its default. */
export function parseSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable settings fall back to the defaults.
  }
  const d = DEFAULT_SETTINGS;
  const parsed: Settings = {
    sidebarOpen: bool(stored.sidebarOpen, d.sidebarOpen),
    theme: pick(stored.theme, ['dark', 'light'], d.theme),
    layout: pick(stored.layout, ['sidemenu', 'topmenu'], d.layout),
    primaryColor: pick(
      stored.primaryColor,
      COLOR_PRESETS.map((p) => p.color),
      d.primaryColor,
    ),
    colorWeak: bool(stored.colorWeak, d.colorWeak),
    fixedHeader: bool(stored.fixedHeader, d.fixedHeader),
    fixSiderbar: bool(stored.fixSiderbar, d.fixSiderbar),
    autoHideHeader: bool(stored.autoHideHeader, d.autoHideHeader),
    contentWidth: pick(stored.contentWidth, ['Fixed', 'Fluid'], d.contentWidth),
    multipage: bool(stored.multipage, d.multipage),
  };
  // Stored values obey the same rules as changes made in the drawer.
  return updateSettings(parsed, {});
}

/** Applies one change and the rules between options. */
export function updateSettings(current: Settings, change: Partial<Settings>): Settings {
  const next = { ...current, ...change };
  // Hiding the header on scroll needs a fixed header.
  const autoHideHeader = next.fixedHeader && next.autoHideHeader;
  // Fluid width is a topmenu option; the side-menu layout always fills the width.
  const contentWidth = next.layout === 'topmenu' ? next.contentWidth : 'Fixed';
  return { ...next, autoHideHeader, contentWidth };
}

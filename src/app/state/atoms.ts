import { atom } from 'jotai';
import type { PermissionPayload } from '../../contracts/permission';
import type { UserInfo } from '../../contracts/session';
import type { BaseConfig } from '../../contracts/config';
import {
  parseSettings,
  SETTINGS_STORAGE_KEY,
  updateSettings,
  type Settings,
} from '../settings/settings';
import { currentViewport, MOBILE_QUERY, NARROW_QUERY, type Viewport } from '../settings/viewport';

/** The session token (mirrors the runtime session store). */
export const tokenAtom = atom<string | null>(null);
/** Signed-in user. */
export const userAtom = atom<UserInfo | null>(null);
/** Menu and button permissions; null until fetched after sign-in. */
export const permissionsAtom = atom<PermissionPayload | null>(null);
/** Greeting to show once the shell appears after signing in. */
export const welcomeAtom = atom<string | null>(null);
/** Public base configuration (company and product names). */
export const baseConfigAtom = atom<BaseConfig | null>(null);

function readStoredSettings(): Settings {
  try {
    return parseSettings(globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY) ?? null);
  } catch {
    return parseSettings(null);
  }
}

const settingsBaseAtom = atom<Settings>(readStoredSettings());

/** Settings, written through to local storage. */
export const settingsAtom = atom(
  (get) => get(settingsBaseAtom),
  (get, set, change: Partial<Settings>) => {
    const next = updateSettings(get(settingsBaseAtom), change);
    set(settingsBaseAtom, next);
    try {
      globalThis.localStorage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the settings still apply to this page.
    }
  },
);

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

const viewportBaseAtom = atom<Viewport>(currentViewport(matches));
viewportBaseAtom.onMount = (setAtom) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
  const lists = [MOBILE_QUERY, NARROW_QUERY].map((q) => window.matchMedia(q));
  const update = () => setAtom(currentViewport(matches));
  lists.forEach((list) => list.addEventListener('change', update));
  return () => lists.forEach((list) => list.removeEventListener('change', update));
};

/** mobile / narrow / desktop, following the window width. */
export const viewportAtom = atom((get) => get(viewportBaseAtom));

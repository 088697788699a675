import { useCallback, useId } from 'react';
import { App } from 'antd';

/** Clicks under one key closer than this are one click (widgets.md §9: 300 ms). */
export const CLICK_GUARD_MS = 300;
/** The warning of a click ignored as too fast (widgets.md §5). */
export const MSG_TOO_FAST = '你点击的太快了，请慢点点击!';

interface Burst {
  /** When the click that was let through happened. */
  readonly at: number;
  /** The burst has warned already. */
  warned: boolean;
}

/** The window in use: `CLICK_GUARD_MS`, or 0 where scripted clicks run faster than a person. */
let windowMs: number = CLICK_GUARD_MS;

/**
 * Sets the window (ms); 0 turns the guard off. The component tests' setup turns it off, since
 * scripted clicks (validate, fix, submit again) come faster than any person's.
 */
export function setClickGuardWindow(ms: number): void {
  windowMs = ms;
}

/** Last accepted click per scoped key (component instance + action). */
const bursts = new Map<string, Burst>();

/**
 * Whether a click under `key` at `now` goes through: not when another went through under the
 * same key less than 300 ms before. `'warn'` for the first click a burst ignores, `'ignore'`
 * for the rest.
 */
export function clickVerdict(key: string, now: number): 'pass' | 'warn' | 'ignore' {
  const last = bursts.get(key);
  if (last !== undefined && now - last.at < windowMs) {
    if (last.warned) return 'ignore';
    last.warned = true;
    return 'warn';
  }
  bursts.set(key, { at: now, warned: false });
  return 'pass';
}

/** Forgets every key (tests). */
export function resetClickGuard(): void {
  bursts.clear();
}

/**
 * The rapid-click guard (widgets.md §5): `guard(key, run)` runs `run` unless a click under the
 * same key went through less than 300 ms before; then it warns 你点击的太快了，请慢点点击!
 * (once per burst) and does nothing. Keys are page code + action, e.g. `orders:save`, and are
 * scoped to the component that holds the guard: a dialog opened afresh is a fresh action, so
 * 确定 in 编辑 is not refused because 确定 in a just-closed 新增 was clicked a moment before.
 */
export function useClickGuard(): (key: string, run: () => void) => void {
  const { message } = App.useApp();
  const scope = useId();
  return useCallback(
    (key: string, run: () => void) => {
      const verdict = clickVerdict(`${scope}|${key}`, Date.now());
      if (verdict === 'pass') run();
      else if (verdict === 'warn') void message.warning(MSG_TOO_FAST);
    },
    [message, scope],
  );
}

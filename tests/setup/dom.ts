import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetClickGuard, setClickGuardWindow } from '../../registry/use-click-guard';
import { mediaList } from './screen-width';

// antd reads matchMedia and ResizeObserver; happy-dom has neither by default.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaList(query, false);
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Scripted clicks come faster than a person's: the rapid-click guard is off unless a test
// turns it on (tests/registry/click-guard.test.tsx).
beforeEach(() => {
  resetClickGuard();
  setClickGuardWindow(0);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetClickGuard, setClickGuardWindow } from '../../registry/use-click-guard';
import { mediaList } from './screen-width';
import { loadChecker } from '../../registry/engine/page-load';

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

// Pages draw at once in tests: the page checker (loaded on demand in the app) is loaded here.
await loadChecker();

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

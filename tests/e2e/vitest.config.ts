import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: the browser suite. One server (built app + embedded database) and one
 * Chromium at a time: files run one after another, tests inside a file in order.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    maxConcurrency: 1,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * `npm test`: browser-side unit and component tests (happy-dom) and the API suite (the real
 * Fastify app on an embedded database, or on PostgreSQL when DATABASE_URL is set).
 * The e2e suite has its own config (tests/e2e/vitest.config.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/{contracts,runtime,app,registry,renderers}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // tests/roundtrip: the browser runtime (src/runtime) against the real app.
          include: ['tests/server/**/*.test.ts', 'tests/roundtrip/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // One worker process runs every API file: PGlite's WASM compiles once, not per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

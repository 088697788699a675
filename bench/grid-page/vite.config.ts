import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The grid bench page (`npx vite bench/grid-page`, or built by `bench/grid.ts`). Vue's
 * compile-time flags are set because the vxe contender runs Vue's ESM build without its plugin.
 */
export default defineConfig({
  base: './',
  plugins: [react()],
  define: {
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  build: { chunkSizeWarningLimit: 5000, target: 'es2022' },
});

import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const FILTER_TREE_STUB = fileURLToPath(
  new URL('./registry/engine/list/no-filter-tree.ts', import.meta.url),
);

/**
 * antd's table column filter imports Tree for `filterMode: 'tree'` only; the page engine's
 * filters are menus, so the list screens get a stand-in (registry/engine/list/no-filter-tree.ts)
 * instead of rc-tree. Trees elsewhere (sel_depart, tree lists) import antd's Tree themselves.
 */
function tableFilterWithoutTree(): Plugin {
  const filterDropdown = /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
  return {
    name: 'table-filter-without-tree',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../../tree' && importer && filterDropdown.test(importer)) {
        return FILTER_TREE_STUB;
      }
      return null;
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), tableFilterWithoutTree()],
  // monaco's workers (page editor) are ES modules.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // antd's base (theme, styles, utilities, the inputs, buttons and spinners the login
          // page already needs) in one file instead of some forty: files compress better
          // together, and every screen needs them anyway. Nothing only a lazy screen uses
          // (icons, forms, tables, pickers) belongs here, or the login page would load it.
          groups: [
            {
              name: 'antd-base',
              test: /node_modules[\\/](antd[\\/]es[\\/](config-provider|theme|_util|style|locale|button|input|spin|alert)[\\/]|rc-util[\\/]|rc-motion[\\/]|rc-input[\\/]|rc-textarea[\\/]|rc-resize-observer[\\/]|rc-field-form[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]|classnames[\\/]|@babel[\\/]runtime[\\/]|resize-observer-polyfill[\\/]|stylis[\\/]|@emotion[\\/])/,
            },
            // What every signed-in screen's frame draws (menu, tabs, header, drawers) as one
            // file, since rolldown otherwise cuts it into a dozen that compress worse one by one.
            // A group takes its modules' dependencies along, so nothing here may reach what the
            // login page loads (message, notification, select and modal reach rc-notification,
            // empty, the app context), or the login page would load the whole group. The list's
            // table, tree and pagination stay apart: grouped, they take the pagination's select
            // along, and the dashboard would load the table with it.
            {
              name: 'antd-shell',
              test: /node_modules[\\/](antd[\\/]es[\\/](menu|dropdown|tooltip|popover|tabs|badge|drawer|layout|breadcrumb|avatar|skeleton|grid|row|col|watermark|checkbox|radio|tag)[\\/]|rc-menu[\\/]|rc-virtual-list[\\/]|rc-overflow[\\/]|rc-dropdown[\\/]|rc-tooltip[\\/]|@rc-component[\\/](trigger|portal|context)[\\/]|rc-dialog[\\/]|rc-drawer[\\/]|rc-tabs[\\/]|rc-checkbox[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/system': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});

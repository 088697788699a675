/**
 * Stands in for antd's Tree inside antd's table column filter (vite.config.ts,
 * `tableFilterWithoutTree`). That filter draws a Tree only for `filterMode: 'tree'`, which the
 * page engine never sets (its column filters are menus); importing the real Tree put rc-tree
 * (about 17 KB gzip) on every list screen's first load. Drawn, it says what happened.
 */
export default function FilterTreeUnavailable(): never {
  throw new Error("antd Table filterMode 'tree' is not built in: see vite.config.ts");
}

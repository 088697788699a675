// @ant-design/icons ships typed entries for its CommonJS files only; its ES modules, one per
// icon, load the menu's icons one by one (MenuIcon.tsx).
declare module '@ant-design/icons/es/icons/*' {
  import type { ComponentType } from 'react';

  const Icon: ComponentType;
  export default Icon;
}

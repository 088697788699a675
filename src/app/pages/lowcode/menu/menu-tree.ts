import type { PageKind } from '../../../../contracts/page';
import type { MenuItem } from '../../../../contracts/permission';

export interface MenuTreeNode {
  readonly value: string;
  readonly title: string;
  readonly children?: MenuTreeNode[];
}

/** The signed-in user's visible menu as parent choices (hidden entries left out). */
export function menuTree(menu: readonly MenuItem[]): MenuTreeNode[] {
  return menu
    .filter((item) => !item.hidden && !item.meta.hidden)
    .map((item) => {
      const children = item.children ? menuTree(item.children) : [];
      return {
        value: item.id,
        title: item.meta.title || item.name,
        ...(children.length > 0 ? { children } : {}),
      };
    });
}

/** A fitting default icon for a page kind. */
export function defaultIcon(kind: PageKind): string {
  if (kind === 'form') return 'form';
  if (kind === 'tree-list') return 'apartment';
  return 'table';
}

import type { PageDefinition } from '../../../../contracts/page';
import type { PageStore } from '../model/page-store';
import { MenuEntryDialog } from './MenuEntryDialog';
import { defaultIcon } from './menu-tree';

/**
 * 页面配置's 加入菜单: the page's entry (its title by default) with its button codes.
 */
export function AddToMenuDialog({
  store,
  definition,
  onClose,
}: {
  readonly store: PageStore;
  readonly definition: PageDefinition;
  readonly onClose: () => void;
}) {
  return (
    <MenuEntryDialog
      defaultName={definition.title}
      defaultIcon={defaultIcon(definition.kind)}
      note={`菜单地址为 /online/page/${definition.code}；同时创建该页面的按钮权限（新增、编辑、删除、导出、导入）。`}
      add={(values) => store.addToMenu({ code: definition.code, ...values })}
      onClose={onClose}
    />
  );
}

import type { PageKind } from '../../../../contracts/page';

export const KIND_TEXT: Readonly<Record<PageKind, string>> = {
  list: '列表',
  form: '表单',
  'tree-list': '树形列表',
  'master-detail': '主子表',
};

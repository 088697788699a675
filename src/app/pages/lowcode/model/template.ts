import { PAGE_SCHEMA_VERSION } from '../../../../contracts/page';

/** A code no page has yet, from the clock: `page_` + base-36 time (`page_m1x2k3`). */
export function newPageCode(now: number = Date.now()): string {
  return `page_${now.toString(36)}`;
}

/**
 * What a new page starts from: a list page that brings its own table, with a required text
 * field, a select with fixed options and a remark — enough to see every part of the page
 * (query form, list, edit form) in the preview and change from there.
 */
export function newPageTemplate(code: string = newPageCode()) {
  return {
    schemaVersion: PAGE_SCHEMA_VERSION,
    code,
    title: '新页面',
    kind: 'list',
    description: '在这里描述页面的用途',
    table: {
      name: code,
      columns: [
        { name: 'name', type: 'string', length: 100, nullable: false, comment: '名称' },
        { name: 'status', type: 'string', length: 10, comment: '状态' },
        { name: 'remark', type: 'text', comment: '备注' },
      ],
    },
    fields: [
      {
        name: 'name',
        label: '名称',
        type: 'input',
        // No placeholder or message of its own: 请输入<label> follows a renamed label.
        validateRules: [{ required: true }],
        query: { rule: 'like', pinned: true },
        list: { width: 200, sorter: true },
      },
      {
        name: 'status',
        label: '状态',
        type: 'select',
        options: [
          { value: '1', text: '启用' },
          { value: '0', text: '停用' },
        ],
        defaultValue: '1',
        query: { rule: 'eq', pinned: true },
        list: { width: 100 },
      },
      {
        name: 'remark',
        label: '备注',
        type: 'textarea',
        list: false,
      },
    ],
    list: { pageSize: 10, sortColumn: 'createTime', sortOrder: 'desc' },
    form: { container: 'modal', width: 640 },
  };
}

import { PAGE_META_SCHEMA } from '../../../../contracts/page-schema';

/**
 * The meta-schema as the code editor gets it: the same rules, plus Chinese descriptions for
 * hovers and the registered field types as completion suggestions (the meta-schema only says
 * "a type name"; the registry knows which exist).
 */

type Node = Record<string, unknown>;

const PAGE: Readonly<Record<string, string>> = {
  schemaVersion: '定义格式的版本，当前为 2；旧版本在加载时自动升级',
  code: '页面编码：小写字母开头，只含小写字母、数字、下划线；用于地址 /online/page/{code}，保存后不能修改',
  title: '页面标题（菜单、标签页的默认名称）',
  kind: '页面类型：list 列表、form 表单、tree-list 树形列表、master-detail 主子表',
  description: '页面说明',
  api: '服务端地址（相对 /system）；有自己的数据表（table）时默认使用在线表接口',
  table: '页面自己的数据表：保存时创建或修改；id、create_by 等标准列自动添加',
  entity: '没有自己的表时，页面编辑的服务端表（唯一校验用）',
  fields: '字段列表：同一份定义生成查询表单、列表列和编辑表单',
  list: '列表选项：分页、默认排序、行选择',
  form: '编辑表单选项：弹窗或抽屉、宽度、每行字段数',
  tree: '树形列表选项',
  toolbar: '列表上方的按钮，默认：新增、批量删除、导出、导入',
  rowActions: '每行的操作按钮，默认：编辑、详情、删除',
  linkages: '编辑表单的字段联动规则',
  details: '主子表页面的子表',
};

const FIELD: Readonly<Record<string, string>> = {
  name: '属性名（也是在线表的列名，驼峰自动转下划线）',
  label: '显示名称',
  type: '组件类型（渲染器注册表中的类型名）',
  props: '组件属性，按该组件的属性定义校验',
  dictCode:
    '数据字典编码：提供选项和列表中的文字；也可以是表字典“表名,显示字段,值字段”，如 sys_position,name,code',
  options: '固定选项（没有字典时）',
  defaultValue: '新增时的默认值',
  placeholder: '输入提示',
  validateRules: '校验规则：required、pattern（预置规则或正则）、unique、checkRule 之一',
  query: '是否出现在查询表单（true 或查询选项）',
  list: '是否出现在列表（默认 true，或列选项）',
  form: '是否出现在编辑表单（默认 true，或表单选项）',
};

const ACTION: Readonly<Record<string, string>> = {
  key: '按钮标识：内置的 add、batchDelete、export、import、edit、detail、delete、addChild，或自定义',
  label: '按钮文字',
  permission: '权限编码：用户没有时不显示按钮',
  confirm: '执行前的确认提示',
  url: '自定义按钮调用的地址（与 open 二选一）',
  method: '调用方式：get、post（默认）、put、delete',
  params: '随调用发送的固定参数，如 { "status": "2" }',
  rowParams: '行按钮：随调用发送的行字段，{ 参数名: 字段名 }',
  form: '调用前在弹窗中填写的字段，按字段的校验规则校验后随调用发送',
  open: '在抽屉中打开已保存的页面（page）或注册的面板（panel）（与 url 二选一）',
  when: '行按钮：只在满足条件的行上显示，如 { "field": "status", "operator": "eq", "value": 1 }',
};

const COLUMN: Readonly<Record<string, string>> = {
  name: '列名：小写字母开头，只含小写字母、数字、下划线',
  type: '列类型：string、text、int、bigint、decimal、date、datetime、boolean',
  length: 'string 列的最大长度（1–4000，默认 255）',
  precision: 'decimal 列的总位数（默认 18）',
  scale: 'decimal 列的小数位数（默认 2）',
  nullable: '是否允许为空（默认 true）',
  comment: '列注释',
};

function child(node: Node | undefined, ...path: string[]): Node | undefined {
  let current: unknown = node;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Node)[key];
  }
  return current && typeof current === 'object' ? (current as Node) : undefined;
}

function describe(properties: Node | undefined, texts: Readonly<Record<string, string>>): void {
  if (!properties) return;
  for (const [key, text] of Object.entries(texts)) {
    const property = child(properties, key);
    if (property) property.description = text;
  }
}

export function editorSchema(fieldTypes: readonly string[]): Node {
  const schema = structuredClone(PAGE_META_SCHEMA) as unknown as Node;
  delete schema.$schema;
  delete schema.$id;
  const top = child(schema, 'properties');
  describe(top, PAGE);
  const actionLists = [
    child(top, 'toolbar', 'items', 'properties'),
    child(top, 'rowActions', 'items', 'properties'),
  ];
  for (const action of actionLists) describe(action, ACTION);
  const fieldLists = [
    child(top, 'fields', 'items', 'properties'),
    child(top, 'details', 'items', 'properties', 'fields', 'items', 'properties'),
    ...actionLists.map((action) =>
      child(action, 'form', 'properties', 'fields', 'items', 'properties'),
    ),
  ];
  for (const field of fieldLists) {
    describe(field, FIELD);
    const type = child(field, 'type');
    if (type && fieldTypes.length > 0) type.examples = [...fieldTypes];
  }
  describe(child(top, 'table', 'properties', 'columns', 'items', 'properties'), COLUMN);
  describe(
    child(
      top,
      'details',
      'items',
      'properties',
      'table',
      'properties',
      'columns',
      'items',
      'properties',
    ),
    COLUMN,
  );
  return schema;
}

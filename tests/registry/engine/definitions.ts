/** Page definitions the engine tests render (plain JSON, as the server sends them). */

export const customerPage = {
  schemaVersion: 2,
  code: 'customer',
  title: '客户管理',
  kind: 'list',
  table: {
    name: 'demo_customer',
    columns: [
      { name: 'name', type: 'string', length: 100 },
      { name: 'level', type: 'string', length: 10 },
      { name: 'phone', type: 'string', length: 20 },
      { name: 'signed_on', type: 'date' },
    ],
  },
  fields: [
    {
      name: 'name',
      label: '客户名称',
      type: 'input',
      query: true,
      list: { sorter: true },
      validateRules: [{ required: true }, { unique: true }],
    },
    {
      name: 'level',
      label: '客户等级',
      type: 'dict-select',
      dictCode: 'customer_level',
      query: true,
    },
    { name: 'phone', label: '手机号', type: 'input', validateRules: [{ pattern: 'm' }] },
    { name: 'signedOn', label: '签约日期', type: 'date', query: { mode: 'range' } },
  ],
} as const;

/** A page on a system entity: no table, only the urls it names. */
export const bareListPage = {
  schemaVersion: 2,
  code: 'bare_list',
  title: '简单列表',
  kind: 'list',
  api: { list: '/demo/bare/list' },
  fields: [{ name: 'name', label: '名称', type: 'input' }],
} as const;

/** A page on a system entity with its own urls: the users screen of the examples. */
export const userPage = {
  schemaVersion: 2,
  code: 'demo_user',
  title: '用户管理',
  kind: 'list',
  api: { list: '/demo/user/list' },
  fields: [
    { name: 'username', label: '账号', type: 'input', query: true },
    { name: 'realname', label: '姓名', type: 'input' },
  ],
} as const;

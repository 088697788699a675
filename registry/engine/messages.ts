/** Every text the page engine shows (Chinese; the spec's wording where it gives one). */

export const MSG_SELECT_ONE = '请选择一条记录！';
export const MSG_CONFIRM_DELETE_TITLE = '确认删除';
export const MSG_CONFIRM_DELETE_SELECTED = '是否删除选中数据?';
export const MSG_CONFIRM_DELETE_ROW = '确定删除吗?';
export const MSG_DOWNLOAD_FAILED = '文件下载失败';
export const MSG_IMPORT_TITLE = '导入EXCEL';
export const MSG_IMPORT_CHOOSE = '选择导入文件';
export const MSG_IMPORT_CLOSE = '关闭';
export const MSG_IMPORT_START = '开始上传';
export const MSG_IMPORT_UPLOADING = '上传中...';
export const MSG_IMPORT_PARTIAL = '导入成功,但是有错误数据!';
/** A 201 answer that saved no row: nothing was imported, whatever the server's message says. */
export const MSG_IMPORT_NONE = '导入失败,全部数据有错误!';
export const MSG_IMPORT_DETAILS = '具体详情请';
export const MSG_IMPORT_DOWNLOAD = '点击下载';
export const MSG_IMPORT_VALIDATE = '是否开启校验:';
/** The upload has reached the server, which is still reading and saving the rows. */
export const MSG_IMPORT_PROCESSING = '服务器处理中';
export const MSG_YES = '是';
export const MSG_NO = '否';
export const MSG_QUERY = '查询';
export const MSG_RESET = '重置';
export const MSG_EXPAND = '展开';
export const MSG_COLLAPSE = '收起';
export const MSG_ACTIONS = '操作';
export const MSG_MORE = '更多';
export const MSG_OK = '确定';
export const MSG_CANCEL = '取消';
export const MSG_CLOSE = '关闭';
export const MSG_SUBMIT = '提交';
export const MSG_RANGE_BEGIN = '开始';
export const MSG_RANGE_END = '结束';
export const MSG_DETAIL_EMPTY = '暂无数据';
export const MSG_LOADING = '加载中…';

export const MSG_NO_PAGE_LOADER = '当前环境不支持打开其他页面';

/** A custom action without a url (and nothing to open). */
export function noUrlMessage(label: string): string {
  return `按钮「${label}」没有设置 url`;
}

/** An `open.page` action whose page could not be loaded. */
export function pageLoadFailedMessage(code: string, reason: string): string {
  return `页面 ${code} 加载失败：${reason}`;
}

/** An `open.panel` action naming a panel the host did not register. */
export function unknownPanelMessage(name: string): string {
  return `未注册的面板：${name}`;
}

/** `请设置url.list属性!` and its family (shell.md §5). */
export function missingUrlMessage(name: string): string {
  return `请设置${name}属性!`;
}

/** `{from}-{to} 共 {n} 条` (widgets.md §9). */
export function totalText(total: number, range: readonly [number, number]): string {
  return `${range[0]}-${range[1]} 共 ${total} 条`;
}

export const DIALOG_TITLES = { add: '新增', edit: '编辑', detail: '详情' } as const;

/** Names a page for messages: 「客户管理」（customer）. */
export function pageName(code: string | null, title: string | null): string {
  if (title && code) return `「${title}」（${code}）`;
  if (title) return `「${title}」`;
  if (code) return `（${code}）`;
  return '（未命名页面）';
}

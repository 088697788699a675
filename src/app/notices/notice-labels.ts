/** Texts of the notice detail and the buttons that open it (shell.md §2). */
export const LABEL_CLOSE = '关闭';
export const LABEL_VIEW_DETAIL = '查看详情';
export const LABEL_PUBLISH_TIME = '发布时间：';

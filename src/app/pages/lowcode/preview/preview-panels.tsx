import type { ComponentType } from 'react';
import { Alert } from 'antd';
import type { PanelProps } from '../../../../../registry/engine';
import { APP_PANELS } from '../../../panels';

export const MSG_PREVIEW_PANEL =
  '预览中不打开面板（面板可能修改数据）：请保存页面，再从菜单打开页面使用';

function PanelNotice() {
  return <Alert type="info" showIcon message={MSG_PREVIEW_PANEL} />;
}

/**
 * The app's panels as the preview offers them: each registered name opens a notice instead of
 * the panel, since a hand-written panel saves through the app's own services, not through the
 * preview's read-only http. Unknown names still say 未注册的面板.
 */
export const PREVIEW_PANELS: Readonly<Record<string, ComponentType<PanelProps>>> =
  Object.fromEntries(Object.keys(APP_PANELS).map((name) => [name, PanelNotice]));

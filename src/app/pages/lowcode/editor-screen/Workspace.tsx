import type { ReactNode } from 'react';
import { Badge, Splitter, Tabs } from 'antd';
import type { Viewport } from '../../../settings/viewport';

export type WorkspaceTab = 'edit' | 'preview';

export interface WorkspaceProps {
  readonly viewport: Viewport;
  readonly editor: ReactNode;
  readonly preview: ReactNode;
  /** Problems of the definition, shown on the preview tab (mobile). */
  readonly problemCount: number;
  readonly tab: WorkspaceTab;
  readonly onTab: (tab: WorkspaceTab) => void;
}

const HEIGHT = 'max(420px, calc(100vh - 232px))';
const MOBILE_HEIGHT = 'max(360px, calc(100vh - 250px))';

const previewStyle = { height: '100%', overflow: 'auto', padding: 8, background: '#f5f5f5' };

/**
 * Editor and preview: side by side with a draggable divider on a desktop, one above the
 * other on a narrow screen, two tabs (编辑 / 预览) on a phone. A pane once shown stays mounted.
 */
export function Workspace({ viewport, editor, preview, problemCount, tab, onTab }: WorkspaceProps) {
  if (viewport === 'mobile') {
    return (
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as WorkspaceTab)}
        size="small"
        items={[
          {
            key: 'edit',
            label: '编辑',
            children: <div style={{ height: MOBILE_HEIGHT }}>{editor}</div>,
          },
          {
            key: 'preview',
            label: (
              <Badge count={problemCount} size="small" offset={[8, -2]}>
                预览
              </Badge>
            ),
            children: <div style={{ ...previewStyle, height: MOBILE_HEIGHT }}>{preview}</div>,
          },
        ]}
      />
    );
  }
  return (
    <Splitter
      layout={viewport === 'narrow' ? 'vertical' : 'horizontal'}
      style={{
        height: viewport === 'narrow' ? 'max(640px, calc(100vh - 232px))' : HEIGHT,
        background: '#fff',
      }}
    >
      <Splitter.Panel defaultSize="45%" min="20%">
        {editor}
      </Splitter.Panel>
      <Splitter.Panel min="20%">
        <div style={previewStyle}>{preview}</div>
      </Splitter.Panel>
    </Splitter>
  );
}

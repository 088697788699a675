import { Divider, Drawer, List, Radio, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { settingsAtom } from '../state/atoms';
import { COLOR_PRESETS, type Settings } from './settings';
import styles from './SettingDrawer.module.css';

/** The development-only settings drawer (shell.md §2 "Settings drawer"). */
export default function SettingDrawer({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const [settings, update] = useAtom(settingsAtom);
  const set = (change: Partial<Settings>) => update(change);
  const topmenu = settings.layout === 'topmenu';

  const row = (title: string, control: React.ReactNode, hint?: string) => (
    <List.Item actions={[control]}>
      {hint ? (
        <Tooltip title={hint} placement="left">
          <span>{title}</span>
        </Tooltip>
      ) : (
        title
      )}
    </List.Item>
  );

  return (
    <Drawer title="系统设置" open={open} onClose={onClose} width={300}>
      <h4 className={styles.heading}>整体风格设置</h4>
      <Radio.Group
        value={settings.theme}
        onChange={(e) => set({ theme: e.target.value as Settings['theme'] })}
        options={[
          { value: 'dark', label: '暗色菜单风格' },
          { value: 'light', label: '亮色菜单风格' },
        ]}
      />
      <Divider />
      <h4 className={styles.heading}>主题色</h4>
      <div className={styles.colors}>
        {COLOR_PRESETS.map((preset) => (
          <Tooltip key={preset.color} title={preset.name}>
            <button
              type="button"
              aria-label={preset.name}
              className={styles.swatch}
              style={{ background: preset.color }}
              onClick={() => set({ primaryColor: preset.color })}
            >
              {preset.color === settings.primaryColor && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h4 className={styles.heading}>导航模式</h4>
      <Radio.Group
        value={settings.layout}
        onChange={(e) => set({ layout: e.target.value as Settings['layout'] })}
        options={[
          { value: 'sidemenu', label: '侧边栏导航' },
          { value: 'topmenu', label: '顶部栏导航' },
        ]}
      />
      <List split={false}>
        {row(
          '内容区域宽度',
          <Select
            size="small"
            style={{ width: 80 }}
            value={settings.contentWidth}
            onChange={(value: Settings['contentWidth']) => set({ contentWidth: value })}
            options={[
              { value: 'Fixed', label: '固定' },
              { value: 'Fluid', label: '流式', disabled: !topmenu },
            ]}
          />,
          '该设定仅 [顶部栏导航] 时有效',
        )}
        {row(
          '固定 Header',
          <Switch
            size="small"
            checked={settings.fixedHeader}
            onChange={(v) => set({ fixedHeader: v })}
          />,
        )}
        {row(
          '下滑时隐藏 Header',
          <Switch
            size="small"
            disabled={!settings.fixedHeader}
            checked={settings.autoHideHeader}
            onChange={(v) => set({ autoHideHeader: v })}
          />,
          '固定 Header 时可配置',
        )}
        {row(
          '固定侧边菜单',
          <Switch
            size="small"
            disabled={topmenu}
            checked={settings.fixSiderbar}
            onChange={(v) => set({ fixSiderbar: v })}
          />,
        )}
      </List>
      <Divider />
      <h4 className={styles.heading}>其他设置</h4>
      <List split={false}>
        {row(
          '色弱模式',
          <Switch
            size="small"
            checked={settings.colorWeak}
            onChange={(v) => set({ colorWeak: v })}
          />,
        )}
        {row(
          '多页签模式',
          <Switch
            size="small"
            checked={settings.multipage}
            onChange={(v) => set({ multipage: v })}
          />,
        )}
      </List>
    </Drawer>
  );
}

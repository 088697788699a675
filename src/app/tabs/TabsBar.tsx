import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { useAtom, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../router/menu-routes';
import { tabRefreshAtom, tabsAtom } from './tabs-atom';
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, type CloseOutcome } from './tabs';
import styles from './TabsBar.module.css';

type Action = 'refresh' | 'closeCurrent' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

const CONTEXT_MENU: MenuProps['items'] = [
  { key: 'refresh', label: '刷新' },
  { key: 'closeCurrent', label: '关闭当前' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其它' },
  { key: 'closeAll', label: '关闭全部' },
];

/** The multi-page tab bar (45 px) with its context menu. */
export function TabsBar() {
  const [state, setState] = useAtom(tabsAtom);
  const setRefresh = useSetAtom(tabRefreshAtom);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const active = location.pathname + location.search;

  const apply = (outcome: CloseOutcome) => {
    if (outcome.refusal) {
      void message.warning(outcome.refusal);
      return;
    }
    setState(outcome.state);
    if (outcome.navigateTo) navigate(outcome.navigateTo);
  };

  const run = (action: Action, path: string) => {
    if (action === 'refresh') {
      setRefresh((counts) => ({ ...counts, [path]: (counts[path] ?? 0) + 1 }));
      if (path !== active) navigate(path);
      return;
    }
    if (action === 'closeAll') {
      apply(closeAll(state, active, HOME_PATH));
      return;
    }
    // 关闭当前 closes the tab the menu was opened on, with the refusals of its close icon.
    const op = { closeCurrent: closeTab, closeLeft, closeRight, closeOthers }[action];
    apply(op(state, path, active, HOME_PATH));
  };

  return (
    <div className={styles.bar}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => navigate(key)}
        onEdit={(key, kind) => {
          if (kind === 'remove' && typeof key === 'string')
            apply(closeTab(state, key, active, HOME_PATH));
        }}
        items={state.tabs.map((tab) => ({
          key: tab.path,
          closable: true,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: CONTEXT_MENU,
                onClick: ({ key, domEvent }) => {
                  // The menu is a portal inside the tab: without this the click also selects
                  // the tab, navigating back to a tab that was just closed.
                  domEvent.stopPropagation();
                  run(key as Action, tab.path);
                },
              }}
            >
              <span className={styles.label} data-path={tab.path}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}

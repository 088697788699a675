import { Fragment } from 'react';
import { App, Dropdown, Popconfirm, theme } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { ActionDefinition } from '../../../src/contracts/page';
import { MSG_CANCEL, MSG_CONFIRM_DELETE_ROW, MSG_MORE, MSG_OK } from '../messages';
import { actionLabel } from '../page-model';
import type { Row } from './row';
import { actionsOfRow, layoutRowActions } from './row-actions-layout';

export interface RowActionsProps {
  /** The row actions the user may see. */
  readonly actions: readonly ActionDefinition[];
  readonly row: Row;
  readonly onAction: (action: ActionDefinition) => void;
  /** Phones: fewer links inline (`layoutRowActions`). */
  readonly compact?: boolean;
}

function InlineLink({
  action,
  onAction,
}: {
  readonly action: ActionDefinition;
  readonly onAction: (action: ActionDefinition) => void;
}) {
  const { token } = theme.useToken();
  if (action.key !== 'delete') {
    return <a onClick={() => onAction(action)}>{actionLabel(action)}</a>;
  }
  return (
    <Popconfirm
      title={MSG_CONFIRM_DELETE_ROW}
      okText={MSG_OK}
      cancelText={MSG_CANCEL}
      onConfirm={() => onAction(action)}
    >
      <a style={{ color: token.colorError }}>{actionLabel(action)}</a>
    </Popconfirm>
  );
}

/** The thin bar between two links (antd's vertical divider, drawn without loading it). */
function Bar() {
  const { token } = theme.useToken();
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      style={{
        display: 'inline-block',
        width: 1,
        height: '0.9em',
        margin: `0 ${token.marginXS}px`,
        verticalAlign: 'middle',
        background: token.colorSplit,
      }}
    />
  );
}

/**
 * The links of one row (plain links: a list screen does not load antd Typography for them): 编辑 | 详情 | 删除 (with a confirm) and custom ones, each only on the rows
 * meeting its `when`. More than three: the first two, then 更多 with the rest in a menu.
 */
export function RowActions({ actions, row, onAction, compact = false }: RowActionsProps) {
  const { modal } = App.useApp();
  const { inline, more } = layoutRowActions(actionsOfRow(actions, row), compact);

  const fromMenu = (key: string) => {
    const action = more.find((a) => a.key === key);
    if (!action) return;
    if (action.key !== 'delete') {
      onAction(action);
      return;
    }
    modal.confirm({
      title: MSG_CONFIRM_DELETE_ROW,
      okText: MSG_OK,
      cancelText: MSG_CANCEL,
      onOk: () => onAction(action),
    });
  };

  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {inline.map((action, i) => (
        <Fragment key={action.key}>
          {i > 0 && <Bar />}
          <InlineLink action={action} onAction={onAction} />
        </Fragment>
      ))}
      {more.length > 0 && (
        <>
          <Bar />
          <Dropdown
            trigger={['click']}
            menu={{
              items: more.map((action) => ({
                key: action.key,
                label: actionLabel(action),
                danger: action.key === 'delete',
              })),
              onClick: ({ key }) => fromMenu(key),
            }}
          >
            <a>
              {MSG_MORE} <DownOutlined />
            </a>
          </Dropdown>
        </>
      )}
    </span>
  );
}

import { Fragment } from 'react';
import { Divider, Popconfirm, Typography } from 'antd';
import type { ActionDefinition } from '../../../src/contracts/page';
import { MSG_CANCEL, MSG_CONFIRM_DELETE_ROW, MSG_OK } from '../messages';
import { actionLabel } from '../page-model';

export interface RowActionsProps {
  readonly actions: readonly ActionDefinition[];
  readonly onAction: (action: ActionDefinition) => void;
}

/** The links of one row: 编辑 | 详情 | 删除 (with a confirm) and custom ones. */
export function RowActions({ actions, onAction }: RowActionsProps) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {actions.map((action, i) => (
        <Fragment key={action.key}>
          {i > 0 && <Divider type="vertical" />}
          {action.key === 'delete' ? (
            <Popconfirm
              title={MSG_CONFIRM_DELETE_ROW}
              okText={MSG_OK}
              cancelText={MSG_CANCEL}
              onConfirm={() => onAction(action)}
            >
              <Typography.Link type="danger">{actionLabel(action)}</Typography.Link>
            </Popconfirm>
          ) : (
            <Typography.Link onClick={() => onAction(action)}>
              {actionLabel(action)}
            </Typography.Link>
          )}
        </Fragment>
      ))}
    </span>
  );
}

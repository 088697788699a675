import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  ACTION_LABELS,
  actionPermission,
  rowActions,
  toolbarActions,
} from '../../../../../registry/engine/page-model';
import type { Draft } from '../../../../contracts/designer/ops';
import type { ActionDefinition } from '../../../../contracts/page';
import {
  BUILTIN_ROW_KEYS,
  BUILTIN_TOOLBAR_KEYS,
} from '../../../../contracts/page-validate-actions';
import type { ApplyOp } from './FieldTable';

type Place = 'toolbar' | 'rowActions';

const PLACES: Readonly<Record<Place, { title: string; builtins: readonly string[] }>> = {
  toolbar: { title: '列表上方的按钮', builtins: BUILTIN_TOOLBAR_KEYS },
  rowActions: { title: '每行的按钮', builtins: BUILTIN_ROW_KEYS },
};

const same = (a: readonly ActionDefinition[], b: readonly ActionDefinition[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The actions without the page's own list: the engine's defaults for this page. */
function defaultsOf(draft: Draft, place: Place): readonly ActionDefinition[] {
  const bare = { ...draft, [place]: undefined };
  return place === 'toolbar' ? toolbarActions(bare) : rowActions(bare);
}

/** Without a label (or permission) of its own, a button leaves the key out. */
function withOwn(
  action: ActionDefinition,
  key: 'label' | 'permission',
  value: string,
): ActionDefinition {
  const { [key]: _old, ...rest } = action;
  return value.trim() ? { ...rest, [key]: value.trim() } : rest;
}

/**
 * 列表按钮: the toolbar and each row's buttons in order, each with its label and permission
 * code (empty: the page's own `online:{code}:…` for a built-in one). A list equal to the
 * engine's defaults is written as none, so a page that changed nothing stays as it was.
 * Custom buttons (a url or a drawer) keep what the JSON view gave them.
 */
export function ActionSettings({
  draft,
  readOnly,
  apply,
}: {
  readonly draft: Draft;
  readonly readOnly: boolean;
  readonly apply: ApplyOp;
}) {
  const section = (place: Place) => {
    const actions = place === 'toolbar' ? toolbarActions(draft) : rowActions(draft);
    const defaults = defaultsOf(draft, place);
    const write = (next: readonly ActionDefinition[], group: string | null = null) =>
      apply(
        { op: 'setPage', path: [place], value: same(next, defaults) ? undefined : next },
        group,
      );
    const replace = (index: number, action: ActionDefinition, group: string) =>
      write(
        actions.map((a, i) => (i === index ? action : a)),
        `${place}:${index}:${group}`,
      );
    const move = (from: number, to: number) => {
      const next = [...actions];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      write(next);
    };
    const missing = PLACES[place].builtins.filter(
      (key) =>
        !actions.some((a) => a.key === key) && (key !== 'addChild' || draft.kind === 'tree-list'),
    );
    const name = PLACES[place].title;
    return (
      <div key={place} style={{ marginBottom: 16 }}>
        <Space style={{ marginBottom: 8 }} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <Select<string>
            size="small"
            aria-label={`${name}：添加`}
            placeholder="添加按钮"
            style={{ width: 140 }}
            value={null}
            disabled={readOnly || missing.length === 0}
            options={missing.map((key) => ({ value: key, label: ACTION_LABELS[key] ?? key }))}
            onChange={(key) => write([...actions, { key }])}
          />
        </Space>
        <Table<ActionDefinition & { readonly index: number }>
          size="small"
          rowKey="index"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={actions.map((a, index) => ({ ...a, index }))}
          columns={[
            {
              title: '按钮',
              width: 160,
              render: (_, a) => (
                <Input
                  size="small"
                  aria-label={`${name}第 ${a.index + 1} 个的文字`}
                  value={a.label ?? ''}
                  placeholder={ACTION_LABELS[a.key] ?? a.key}
                  disabled={readOnly}
                  onChange={(e) =>
                    replace(a.index, withOwn(actions[a.index]!, 'label', e.target.value), 'label')
                  }
                />
              ),
            },
            {
              title: '权限编码',
              width: 220,
              render: (_, a) => (
                <Input
                  size="small"
                  aria-label={`${name}第 ${a.index + 1} 个的权限编码`}
                  value={a.permission ?? ''}
                  placeholder={
                    actionPermission({ ...draft, [place]: undefined }, { key: a.key }) ?? '不限'
                  }
                  disabled={readOnly}
                  onChange={(e) =>
                    replace(
                      a.index,
                      withOwn(actions[a.index]!, 'permission', e.target.value),
                      'permission',
                    )
                  }
                />
              ),
            },
            {
              title: '类型',
              width: 90,
              render: (_, a) =>
                PLACES[place].builtins.includes(a.key) ? '内置' : a.open ? '打开页面' : '调用接口',
            },
            {
              title: '操作',
              width: 110,
              render: (_, a) => (
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`${name}：上移第 ${a.index + 1} 个`}
                    disabled={readOnly || a.index === 0}
                    onClick={() => move(a.index, a.index - 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`${name}：下移第 ${a.index + 1} 个`}
                    disabled={readOnly || a.index === actions.length - 1}
                    onClick={() => move(a.index, a.index + 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${name}：删除第 ${a.index + 1} 个`}
                    disabled={readOnly}
                    onClick={() => write(actions.filter((_, i) => i !== a.index))}
                  />
                </Space>
              ),
            },
          ]}
        />
      </div>
    );
  };
  return (
    <div data-testid="action-settings" style={{ maxWidth: 720 }}>
      {section('toolbar')}
      {section('rowActions')}
    </div>
  );
}

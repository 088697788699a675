import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Result, Space, Spin, Switch, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { PanelProps } from '../../../../registry/engine';
import type { GrantEndpoints } from './endpoints';
import { DataRulePane } from './DataRulePane';
import type { PermissionNode } from './tree-state';
import { useGrants } from './use-grants';
import './permission-tree.css';

export interface PermissionTreePanelProps extends PanelProps {
  readonly endpoints: GrantEndpoints;
  /** Who is being granted, for the heading (e.g. 角色「财务」). */
  readonly owner: string;
}

function toTreeData(
  nodes: readonly PermissionNode[],
  title: (node: PermissionNode) => ReactNode,
): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: title(node),
    isLeaf: !node.children?.length,
    ...(node.children?.length ? { children: toTreeData(node.children, title) } : {}),
  }));
}

/**
 * 授权: every menu and button as a tree with ticks; 父子关联 makes a tick carry to the node's
 * descendants and ancestors. 仅保存 / 保存并关闭 send the difference from what was loaded
 * (saveRolePermission). A menu with data rules offers 数据规则, chosen per owner.
 */
export function PermissionTreePanel({
  endpoints,
  owner,
  onClose,
  onChanged,
}: PermissionTreePanelProps) {
  const grants = useGrants(endpoints);
  const [linked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<readonly string[] | null>(null);
  const [rulesOf, setRulesOf] = useState<PermissionNode | null>(null);
  const { load } = grants;

  const treeData = useMemo(() => {
    if (load.state !== 'ready') return [];
    return toTreeData(load.roots, (node) => (
      <span className="sa-perm-node">
        {node.title}
        {node.menuType === 2 && <Tag className="sa-perm-tag">按钮</Tag>}
        {node.menuType === 2 && node.perms && (
          <Typography.Text type="secondary" className="sa-perm-code">
            {node.perms}
          </Typography.Text>
        )}
        {node.menuType === 2 && node.status === '0' && (
          <Tag color="default" className="sa-perm-tag">
            已停用
          </Tag>
        )}
        {node.ruleFlag === 1 && node.menuType !== 2 && (
          <Typography.Link
            className="sa-perm-rules"
            onClick={(event) => {
              event.stopPropagation();
              setRulesOf(node);
            }}
          >
            数据规则
          </Typography.Link>
        )}
      </span>
    ));
  }, [load]);

  if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
  if (load.state === 'failed') {
    return (
      <Result
        status="error"
        title="权限树加载失败"
        subTitle={load.message}
        extra={<Button onClick={grants.retry}>重试</Button>}
      />
    );
  }

  const save = async (close: boolean) => {
    if (await grants.save()) {
      onChanged();
      if (close) onClose();
    }
  };
  const expandedKeys =
    expanded ?? load.index.branches.filter((k) => load.index.parentOf.get(k) === null);

  return (
    <div className="sa-perm-panel">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        为 {owner} 勾选可以使用的菜单和按钮。
      </Typography.Paragraph>
      <Space wrap className="sa-perm-toolbar">
        <Button size="small" onClick={() => setExpanded(load.index.branches)}>
          展开全部
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠全部
        </Button>
        <Button size="small" onClick={() => grants.setAll(true)}>
          全选
        </Button>
        <Button size="small" onClick={() => grants.setAll(false)}>
          全不选
        </Button>
        <span>
          <Switch size="small" checked={linked} onChange={setLinked} aria-label="父子关联" />{' '}
          父子关联
        </span>
      </Space>
      {load.index.keys.length === 0 ? (
        <Alert type="info" showIcon message="没有可以授予的权限" />
      ) : (
        <div className="sa-perm-body">
          <Tree
            checkable
            checkStrictly
            selectable={false}
            className="sa-perm-tree"
            treeData={treeData}
            expandedKeys={[...expandedKeys]}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={{ checked: [...grants.checked], halfChecked: [] }}
            onCheck={(_keys, info) => grants.tick(String(info.node.key), info.checked, linked)}
          />
          {rulesOf && (
            <DataRulePane
              key={rulesOf.key}
              endpoints={endpoints}
              permissionId={rulesOf.key}
              menuTitle={rulesOf.title}
              granted={load.saved.has(rulesOf.key)}
              onClose={() => setRulesOf(null)}
            />
          )}
        </div>
      )}
      <div className="sa-perm-footer">
        {grants.dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button loading={grants.saving} onClick={() => void save(false)}>
            仅保存
          </Button>
          <Button type="primary" loading={grants.saving} onClick={() => void save(true)}>
            保存并关闭
          </Button>
        </Space>
      </div>
    </div>
  );
}

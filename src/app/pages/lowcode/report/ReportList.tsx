import { useState } from 'react';
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import type { ColumnsType } from 'antd/es/table';
import { Authorized, usePermissions } from '../../../permissions/Authorized';
import { viewportAtom } from '../../../state/atoms';
import type { ReportStore, ReportSummary } from './report-store';
import { StoreListFilters, type FilterBox } from '../list/StoreListFilters';
import { MenuEntryDialog } from '../menu/MenuEntryDialog';
import { useReportList, type ReportFilters } from './use-report-list';

export interface ReportListProps {
  readonly store: ReportStore;
  readonly onOpen: (id: string) => void;
  readonly onCreate: () => void;
  /** Bumped by the screen after a save, to read the list again. */
  readonly reloadKey: number;
}

const EMPTY: ReportFilters = { code: '', name: '' };
const FILTER_BOXES: readonly FilterBox<ReportFilters>[] = [
  { name: 'code', label: '报表编码' },
  { name: 'name', label: '报表名称' },
];

/** 报表配置's list: every report definition, searchable by code and name; opens the editor. */
export function ReportList({ store, onOpen, onCreate, reloadKey }: ReportListProps) {
  const { can } = usePermissions();
  const { message, modal } = App.useApp();
  const list = useReportList(store, reloadKey);
  const mobile = useAtomValue(viewportAtom) === 'mobile';
  const [menuFor, setMenuFor] = useState<ReportSummary | null>(null);

  const remove = (report: ReportSummary) =>
    modal.confirm({
      title: `删除报表「${report.name}」（${report.code}）？`,
      content: '报表定义将被删除，不可恢复；菜单中指向它的页面将无法打开。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const outcome = await store.remove(report.id);
        if (outcome.ok) {
          void message.success(outcome.message || '删除成功');
          list.reload();
        } else if (!outcome.presented) {
          void message.error(outcome.message);
        }
      },
    });

  const actions: ColumnsType<ReportSummary>[number] = {
    title: '操作',
    key: 'actions',
    width: 190,
    fixed: mobile ? undefined : 'right',
    render: (_: unknown, row) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => onOpen(row.id)}>
          {can('lowcode:report:edit') ? '编辑' : '查看'}
        </Button>
        {can('lowcode:report:menu') && (
          <Button type="link" size="small" onClick={() => setMenuFor(row)}>
            加入菜单
          </Button>
        )}
        {can('lowcode:report:delete') && (
          <Button type="link" size="small" danger onClick={() => remove(row)}>
            删除
          </Button>
        )}
      </Space>
    ),
  };
  const codeLink = (code: string, row: ReportSummary) => (
    <Typography.Link onClick={() => onOpen(row.id)}>{code}</Typography.Link>
  );
  const columns: ColumnsType<ReportSummary> = [
    { title: '编码', dataIndex: 'code', width: 200, render: codeLink },
    { title: '名称', dataIndex: 'name', ellipsis: true },
    { title: '版本', dataIndex: 'version', width: 70, align: 'center' },
    {
      title: '更新时间',
      dataIndex: 'updateTime',
      width: 170,
      render: (v: string | null) => v ?? '—',
    },
    actions,
  ];
  // A phone has room for few columns: the name leads (code and version under it), then 操作.
  const phoneColumns: ColumnsType<ReportSummary> = [
    {
      title: '报表',
      dataIndex: 'name',
      render: (name: string, row) => (
        <div>
          <Typography.Link onClick={() => onOpen(row.id)}>{name}</Typography.Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.code} · 版本 {row.version}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { ...actions, width: 110 },
  ];

  return (
    <Card variant="borderless">
      <StoreListFilters boxes={FILTER_BOXES} empty={EMPTY} onSearch={list.search}>
        <Authorized action="lowcode:report:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            新增报表
          </Button>
        </Authorized>
      </StoreListFilters>
      <Table<ReportSummary>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={[...list.records]}
        scroll={mobile ? undefined : { x: 720 }}
        onRow={(row) => ({ onDoubleClick: () => onOpen(row.id) })}
        pagination={{
          current: list.paging.pageNo,
          pageSize: list.paging.pageSize,
          total: list.total,
          showSizeChanger: true,
          showQuickJumper: !mobile,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: list.page,
        }}
        columns={mobile ? phoneColumns : columns}
      />
      {menuFor && (
        <MenuEntryDialog
          defaultName={menuFor.name}
          defaultIcon="bar-chart"
          note={`菜单地址为 /online/cgreport/${menuFor.id}，权限编码为 report:${menuFor.code}:list，授予管理员和您的角色。`}
          add={(values) => store.addToMenu({ id: menuFor.id, ...values })}
          onClose={() => setMenuFor(null)}
        />
      )}
    </Card>
  );
}

import { useMemo } from 'react';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import type { ColumnsType } from 'antd/es/table';
import type { PageSummary } from '../../../../contracts/page';
import { Authorized, usePermissions } from '../../../permissions/Authorized';
import { useServices } from '../../../services';
import { viewportAtom } from '../../../state/atoms';
import { createPageStore } from '../model/page-store';
import { KIND_TEXT } from './kinds';
import { StoreListFilters, type FilterBox } from './StoreListFilters';
import { usePageList, type PageFilters } from './use-page-list';

export interface PageListProps {
  readonly onOpen: (code: string) => void;
  readonly onCreate: () => void;
}

const EMPTY: PageFilters = { code: '', title: '' };
const FILTER_BOXES: readonly FilterBox<PageFilters>[] = [
  { name: 'code', label: '页面编码' },
  { name: 'title', label: '页面标题' },
];

/** 页面配置's list: every stored page, searchable; opens the editor, creates and deletes. */
export function PageList({ onOpen, onCreate }: PageListProps) {
  const { http } = useServices();
  const { can } = usePermissions();
  const { message, modal } = App.useApp();
  const store = useMemo(() => createPageStore(http), [http]);
  const list = usePageList(store);
  const mobile = useAtomValue(viewportAtom) === 'mobile';

  const remove = (page: PageSummary) =>
    modal.confirm({
      title: `删除页面「${page.title}」（${page.code}）？`,
      content: (
        <>
          <p>
            页面定义及其全部 {page.version} 个版本、页面的菜单、按钮权限和授权将一并删除，不可恢复。
          </p>
          <p>
            {page.tableName
              ? `数据表 ${page.tableName} 及其中的数据会保留，不会被删除。`
              : '该页面没有自己的数据表。'}
          </p>
        </>
      ),
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const outcome = await store.remove(page.code);
        if (outcome.ok) {
          void message.success(outcome.message || '删除成功');
          list.reload();
        } else if (!outcome.presented) {
          void message.error(outcome.message);
        }
      },
    });

  const actions: ColumnsType<PageSummary>[number] = {
    title: '操作',
    key: 'actions',
    width: 120,
    fixed: mobile ? undefined : 'right',
    render: (_: unknown, row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onOpen(row.code)}>
          {can('lowcode:page:edit') ? '编辑' : '查看'}
        </Button>
        {can('lowcode:page:delete') && (
          <Button type="link" size="small" danger onClick={() => remove(row)}>
            删除
          </Button>
        )}
      </Space>
    ),
  };
  const kind: ColumnsType<PageSummary>[number] = {
    title: '类型',
    dataIndex: 'kind',
    width: 100,
    render: (k: PageSummary['kind']) => <Tag>{KIND_TEXT[k] ?? k}</Tag>,
  };
  const columns: ColumnsType<PageSummary> = [
    {
      title: '页面编码',
      dataIndex: 'code',
      width: 170,
      render: (code: string) => (
        <Typography.Link onClick={() => onOpen(code)}>{code}</Typography.Link>
      ),
    },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    kind,
    { title: '版本', dataIndex: 'version', width: 70, align: 'center' },
    {
      title: '数据表',
      dataIndex: 'tableName',
      width: 160,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '最后修改人',
      dataIndex: 'updateBy',
      width: 110,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '最后修改时间',
      dataIndex: 'updateTime',
      width: 170,
      render: (v: string | null) => v ?? '—',
    },
    actions,
  ];
  // A phone has room for few columns: the title leads (the code under it), then kind and 操作.
  const phoneColumns: ColumnsType<PageSummary> = [
    {
      title: '页面',
      dataIndex: 'title',
      render: (title: string, row) => (
        <div className="sa-page-list-name">
          <Typography.Link onClick={() => onOpen(row.code)}>{title}</Typography.Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.code} · 版本 {row.version}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { ...kind, width: 72 },
    { ...actions, width: 96 },
  ];

  return (
    <Card variant="borderless">
      <StoreListFilters boxes={FILTER_BOXES} empty={EMPTY} onSearch={list.search}>
        <Authorized action="lowcode:page:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            新增页面
          </Button>
        </Authorized>
      </StoreListFilters>
      <Table<PageSummary>
        rowKey="code"
        size="middle"
        loading={list.loading}
        dataSource={[...list.records]}
        scroll={mobile ? undefined : { x: 960 }}
        onRow={(row) => ({ onDoubleClick: () => onOpen(row.code) })}
        pagination={{
          current: list.paging.pageNo,
          pageSize: list.paging.pageSize,
          total: list.total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: list.page,
        }}
        columns={mobile ? phoneColumns : columns}
      />
    </Card>
  );
}

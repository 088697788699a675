import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Table } from 'antd';
import type { PanelProps } from '../../../../registry/engine';
import type { ThirdAccountLink } from '../../../contracts/sign-in';
import { useServices } from '../../services';

/**
 * 用户管理 → 第三方账号 (row: a user): the single sign-on accounts linked to the user, each with
 * 解除绑定. The server checks user:edit and the caller's data scope on both calls.
 */
export default function ThirdAccountsPanel({ row }: PanelProps) {
  const { http } = useServices();
  const { message } = App.useApp();
  const userId = typeof row?.id === 'string' ? row.id : null;
  const [links, setLinks] = useState<readonly ThirdAccountLink[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!userId) return;
    http.get<ThirdAccountLink[]>('/sys/user/thirdAccounts', { userId }).then(
      (answer) => {
        if (answer.success) setLinks(answer.result);
        else setFailure(answer.message);
      },
      (e: unknown) => setFailure(e instanceof Error ? e.message : String(e)),
    );
  }, [http, userId]);
  useEffect(load, [load]);

  const unlink = async (id: string) => {
    const answer = await http.delete<null>('/sys/user/thirdAccount/delete', { id });
    if (!answer.success) return void message.error(answer.message);
    void message.success(answer.message);
    load();
  };

  if (failure) return <Alert type="error" showIcon message={failure} />;
  return (
    <Table<ThirdAccountLink>
      rowKey="id"
      size="small"
      loading={links === null}
      dataSource={links ? [...links] : []}
      pagination={false}
      scroll={{ x: 960 }}
      locale={{ emptyText: <Empty description="没有绑定的第三方账号" /> }}
      columns={[
        { title: '登录方式', dataIndex: 'providerLabel', width: 120 },
        { title: '账号标识', dataIndex: 'subject', width: 220, ellipsis: true },
        { title: '邮箱', dataIndex: 'email', width: 180, render: (v: string | null) => v ?? '—' },
        { title: '绑定时间', dataIndex: 'createTime', width: 170 },
        {
          title: '最近登录',
          dataIndex: 'lastLoginTime',
          width: 170,
          render: (v: string | null) => v ?? '—',
        },
        {
          title: '操作',
          key: 'action',
          width: 100,
          fixed: 'right',
          render: (_: unknown, link) => (
            <Popconfirm title="确定解除该第三方账号的绑定吗？" onConfirm={() => unlink(link.id)}>
              <Button type="link" size="small" danger>
                解除绑定
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

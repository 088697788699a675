import { Suspense, lazy } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { DialogLoading } from '../../DialogLoading';
import { MSG_SUPER_QUERY, MSG_SUPER_QUERY_ACTIVE, MSG_SUPER_QUERY_CLEAR } from './messages';
import type { SuperQuery as SuperQueryState } from './use-super-query';

// The builder (date pickers and all) loads when it first opens, not with the list; it is
// mounted while open (what it shows lives in the list's `useSuperQuery`).
const SuperQueryModal = lazy(() =>
  import('./SuperQueryModal').then((m) => ({ default: m.SuperQueryModal })),
);

/**
 * The 高级查询 button of a list's toolbar and the builder it opens. With conditions in force
 * the button is highlighted, its tooltip says so, and a 清空 link beside it drops them.
 */
export function SuperQuery({ query }: { readonly query: SuperQueryState }) {
  const active = query.active !== null;
  const button = (
    <Button
      type={active ? 'primary' : 'default'}
      ghost={active}
      icon={<FilterOutlined />}
      className="sa-super-query-button"
      data-super-query-active={active}
      onClick={query.show}
    >
      {MSG_SUPER_QUERY}
    </Button>
  );
  return (
    <>
      {active ? (
        <Space size={4}>
          <Tooltip title={MSG_SUPER_QUERY_ACTIVE}>{button}</Tooltip>
          <Button type="link" style={{ paddingInline: 4 }} onClick={query.reset}>
            {MSG_SUPER_QUERY_CLEAR}
          </Button>
        </Space>
      ) : (
        button
      )}
      {query.open && (
        <Suspense fallback={<DialogLoading />}>
          <SuperQueryModal query={query} />
        </Suspense>
      )}
    </>
  );
}

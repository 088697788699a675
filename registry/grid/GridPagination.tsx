import { Pagination } from 'antd';
import { PAGE_SIZE_OPTIONS, paginationTotalText } from './model/constants';
import type { GridPagination as PaginationState } from './types';

/** Pages under the grid (§9): quick jumper, size changer, 10/20/30, '{from}-{to} 共 {n} 条'. */
export function GridPagination({
  pagination,
  onChange,
}: {
  readonly pagination: PaginationState;
  readonly onChange?: (current: number, pageSize: number) => void;
}) {
  return (
    <div className="eg-pagination">
      <Pagination
        size="small"
        current={pagination.current}
        pageSize={pagination.pageSize}
        total={pagination.total}
        pageSizeOptions={[...(pagination.pageSizeOptions ?? PAGE_SIZE_OPTIONS)]}
        showQuickJumper
        showSizeChanger
        showTotal={(total, [from, to]) => paginationTotalText(from, to, total)}
        onChange={onChange}
      />
    </div>
  );
}

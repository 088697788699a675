import {
  createRef,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useMemo,
  useState,
  type RefObject,
} from 'react';
import { Alert, App, Spin, Tabs } from 'antd';
import {
  DEFAULT_DRAG_SORT_KEY,
  type DetailDefinition,
  type PageDefinition,
} from '../../../src/contracts/page';
import { EditableGrid, type GridHandle, type GridRow } from '../../grid';
import { recordsOf } from '../list/row';
import { usePageData } from '../use-page-data';
import { detailColumns } from './detail-columns';

/**
 * The detail tables of a master-detail form, one tab each, as editable grids (widgets.md
 * §2.5): rows load by the master id, are edited in the grid (cell state stays in the grid),
 * and go with the master's save — `collect` validates every cell of every grid first.
 */

/** Detail rows of one master the grid loads at most (the server's cap). */
const DETAIL_PAGE_SIZE = 10_000;

export const msgDetailErrors = (title: string, count: number) =>
  `${title}：有 ${count} 处填写有误，请修改后再保存`;

export interface DetailGridsHandle {
  /**
   * Every detail's rows by detail code (temporary ids stripped), or null when a cell fails:
   * the first failing grid's tab is shown, with its tooltips, and a warning names it.
   */
  collect(): Promise<Record<string, GridRow[]> | null>;
}

export interface DetailGridsProps {
  readonly page: PageDefinition;
  readonly details: readonly DetailDefinition[];
  /** The master being edited or viewed; null for a new one (the grids start empty). */
  readonly masterId: string | null;
  readonly readOnly: boolean;
}

type LoadState =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly rows: readonly GridRow[] }
  | { readonly state: 'failed'; readonly message: string };

function useDetailRows(
  page: PageDefinition,
  detail: DetailDefinition,
  masterId: string | null,
): LoadState {
  const data = usePageData(page);
  const [load, setLoad] = useState<LoadState>(
    masterId === null ? { state: 'ready', rows: [] } : { state: 'loading' },
  );
  useEffect(() => {
    if (masterId === null) return;
    let live = true;
    const params = { [detail.foreignKey]: masterId, pageNo: 1, pageSize: DETAIL_PAGE_SIZE };
    data.detailRows(detail, params).then(
      (envelope) => {
        if (!live) return;
        setLoad(
          envelope.success
            ? { state: 'ready', rows: recordsOf(envelope.result).records }
            : { state: 'failed', message: envelope.message },
        );
      },
      (error: unknown) => {
        if (live) setLoad({ state: 'failed', message: (error as Error).message });
      },
    );
    return () => {
      live = false;
    };
  }, [data, detail, masterId]);
  return load;
}

function DetailGrid({
  page,
  detail,
  masterId,
  readOnly,
  gridRef,
}: {
  readonly page: PageDefinition;
  readonly detail: DetailDefinition;
  readonly masterId: string | null;
  readonly readOnly: boolean;
  readonly gridRef: RefObject<GridHandle | null>;
}) {
  const load = useDetailRows(page, detail, masterId);
  const columns = useMemo(() => detailColumns(detail), [detail]);
  if (load.state === 'failed') return <Alert type="error" showIcon message={load.message} />;
  if (load.state === 'loading') {
    return (
      <Spin>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  }
  const grid = detail.grid ?? {};
  return (
    <EditableGrid
      ref={gridRef}
      columns={columns}
      dataSource={load.rows}
      toolbar={!readOnly}
      disabled={readOnly}
      rowNumber={grid.rowNumber ?? true}
      rowSelection={!readOnly && (grid.rowSelection ?? true)}
      dragSort={!readOnly && (grid.dragSort ?? false)}
      dragSortKey={grid.dragSortKey ?? DEFAULT_DRAG_SORT_KEY}
      alwaysEdit={grid.alwaysEdit ?? false}
      maxHeight={grid.maxHeight}
      socketReload={masterId !== null && (grid.socketReload ?? true)}
      socketKey={detail.code}
      syncPageId={page.code}
      reloadEffect={grid.reloadEffect ?? true}
      authPre={grid.authPre}
    />
  );
}

export const DetailGrids = forwardRef<DetailGridsHandle, DetailGridsProps>(function DetailGrids(
  { page, details, masterId, readOnly },
  ref,
) {
  const { message } = App.useApp();
  const [active, setActive] = useState(details[0]?.code ?? '');
  const grids = useMemo(
    () => new Map(details.map((d) => [d.code, createRef<GridHandle>()])),
    [details],
  );

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        const values: Record<string, GridRow[]> = {};
        for (const detail of details) {
          const grid = grids.get(detail.code)?.current;
          // A grid still loading its rows has nothing the user typed: leave that detail alone.
          if (!grid) continue;
          const collected = await grid.getValues();
          if (collected.error > 0) {
            setActive(detail.code);
            void message.warning(msgDetailErrors(detail.title, collected.error));
            return null;
          }
          values[detail.code] = [...collected.values];
        }
        return values;
      },
    }),
    [details, grids, message],
  );

  return (
    <Tabs
      style={{ marginTop: 8 }}
      activeKey={active}
      onChange={setActive}
      items={details.map((detail) => ({
        key: detail.code,
        label: detail.title,
        // Every tab stays mounted: a hidden grid keeps what the user typed until the save.
        forceRender: true,
        children: (
          <DetailGrid
            page={page}
            detail={detail}
            masterId={masterId}
            readOnly={readOnly}
            gridRef={grids.get(detail.code)!}
          />
        ),
      }))}
    />
  );
});

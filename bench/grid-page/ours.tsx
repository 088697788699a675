import '@ant-design/v5-patch-for-react-19';
import { createRef, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { ServicesContext, type RendererServices } from '../../registry/services';
import {
  EditableGrid,
  type GridColumn,
  type GridHandle,
  type GridProps,
} from '../../registry/grid';
import { benchServices } from '../form-page/bench-services';
import { CHECKBOX_VALUES, PRODUCT_TYPE, SELECT_OPTIONS, columnRules, type BenchData } from './data';
import type { Contender } from './probe';
import { prepareHost, showInHost } from './react-host';

/**
 * The product's editable grid as the page engine mounts a detail table of a master-detail form
 * (`registry/engine/form/DetailGrids.tsx`, editing a saved master), with every option at its
 * default (`DetailGridOptions` in `src/contracts/page.ts`): toolbar (新增, 删除, 清空选择), row
 * numbers with the row menu, a tick-box column, click to edit, height limit 400, live sync on
 * (through a sync service that never delivers: no server here), flashes on. Columns carry what
 * `detail-columns.ts` gives a field without list options: type, title, options, rules, no
 * width (the grid's default widths).
 */
function gridColumns(data: BenchData): GridColumn[] {
  return data.columns.map((column, index) => ({
    key: column.key,
    title: column.title,
    type: PRODUCT_TYPE[column.kind],
    validateRules: columnRules(column, index),
    ...(column.kind === 'select' ? { options: SELECT_OPTIONS.map((o) => ({ ...o })) } : {}),
    ...(column.kind === 'checkbox' ? { customValue: CHECKBOX_VALUES } : {}),
  }));
}

/** The props DetailGrids passes for an editable detail whose definition sets no `grid`. */
const DETAIL_GRID_DEFAULTS = {
  toolbar: true,
  disabled: false,
  rowNumber: true,
  rowSelection: true,
  dragSort: false,
  dragSortKey: 'orderNum',
  alwaysEdit: false,
  maxHeight: undefined,
  socketReload: true,
  socketKey: 'bench_detail',
  syncPageId: 'bench_master',
  reloadEffect: true,
} as const satisfies Partial<GridProps>;

/**
 * The engine's services are the app's, made once before any grid (not part of the mount); the
 * app's live sync opens a socket, this one only takes subscriptions.
 */
const services: RendererServices = {
  ...benchServices(),
  tableSync: { clientId: 'bench', subscribe: () => () => undefined },
};

/**
 * The host around every grid of the product: antd's providers (zh-CN, App) and the engine's
 * context, as the app shell has them before any screen opens.
 */
function ProductFrame({ children }: { readonly children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}

/** Mounts the host first, outside the measured time (see react-host.tsx). */
export function prepare(container: HTMLElement): Promise<void> {
  return prepareHost(container, ProductFrame);
}

export function mountGrid(container: HTMLElement, data: BenchData): Contender {
  const handle = createRef<GridHandle>();
  showInHost(
    <EditableGrid
      ref={handle}
      columns={gridColumns(data)}
      dataSource={data.rows}
      {...DETAIL_GRID_DEFAULTS}
    />,
  );
  return {
    scroller: () => container.querySelector<HTMLElement>('.rdg'),
    validate: async () => {
      if (!handle.current) throw new Error('the grid has no handle');
      return (await handle.current.getValues()).error;
    },
  };
}

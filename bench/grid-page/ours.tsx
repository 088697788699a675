import '@ant-design/v5-patch-for-react-19';
import { createRef, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { ServicesContext } from '../../registry/services';
import { EditableGrid } from '../../registry/grid/EditableGrid';
import type { GridColumn, GridHandle, GridRule } from '../../registry/grid/types';
import { benchServices } from '../form-page/bench-services';
import {
  CHECKBOX_VALUES,
  COLUMN_WIDTH,
  GRID_HEIGHT,
  SELECT_OPTIONS,
  type BenchColumn,
  type BenchData,
  type ColumnKind,
} from './data';
import type { Contender } from './probe';
import { prepareHost, showInHost } from './react-host';

/**
 * The product's editable grid with its built-in renderers (the engine set up as the form bench
 * does), click to edit. Every column has one or two rules, so collecting the values validates
 * real rules on every cell: required on the first text column, on dates and selects (and on
 * every third number); a preset pattern on the other columns.
 */
const TYPES: Record<ColumnKind, string> = {
  text: 'input',
  number: 'inputNumber',
  date: 'date',
  select: 'select',
  checkbox: 'checkbox',
};

function rules(column: BenchColumn, index: number): GridRule[] {
  switch (column.kind) {
    case 'text':
      return index === 0 ? [{ required: true }] : [{ required: true }, { pattern: '*6-16' }];
    case 'number':
      return index % 3 === 1 ? [{ required: true }, { pattern: 'n' }] : [{ pattern: 'n' }];
    case 'date':
    case 'select':
      return [{ required: true }];
    case 'checkbox':
      return [{ pattern: '^[YN]$' }];
  }
}

function gridColumns(data: BenchData): GridColumn[] {
  return data.columns.map((column, index) => ({
    key: column.key,
    title: column.title,
    type: TYPES[column.kind],
    width: COLUMN_WIDTH,
    validateRules: rules(column, index),
    ...(column.kind === 'select' ? { options: SELECT_OPTIONS.map((o) => ({ ...o })) } : {}),
    ...(column.kind === 'checkbox' ? { customValue: CHECKBOX_VALUES } : {}),
  }));
}

/** The engine's services are the app's, made once before any grid (not part of the mount). */
const services = benchServices();

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
      rowKey="id"
      columns={gridColumns(data)}
      dataSource={data.rows}
      maxHeight={GRID_HEIGHT}
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

/**
 * Renders the editable grid the way a page does: inside the engine's context with a real
 * registry holding the built-in renderers, antd in Chinese, and no virtualization (a DOM
 * emulator has no layout).
 */
import { createRef, Suspense } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { ServicesContext, type RendererServices } from '../../../registry/services';
import { EditableGrid } from '../../../registry/grid';
import type { GridHandle, GridProps } from '../../../registry/grid';
import { createRegistry } from '../../../registry/registry';
import { registerBuiltinRenderers } from '../../../renderers';
import type { Dictionaries } from '../../../src/runtime/dictionaries';
import type { Http } from '../../../src/runtime/http';
import type { FieldOption } from '../../../src/contracts/page';

const unused = () => Promise.reject(new Error('no server in grid tests'));

/** Engine services with the built-in renderers, dictionaries from a table, `can` as given. */
export function gridServices(
  can: (code: string) => boolean = () => true,
  dictionaries: Readonly<Record<string, readonly FieldOption[]>> = {},
): RendererServices {
  const registry = createRegistry();
  registerBuiltinRenderers(registry);
  const http: Http = {
    get: unused,
    post: unused,
    put: unused,
    delete: unused,
    blob: unused,
    upload: unused,
  };
  const dicts: Dictionaries = {
    items: async (code) => (dictionaries[code] ?? []).map((o) => ({ ...o, title: o.text })),
    text: async (code, value) =>
      dictionaries[code]?.find((o) => o.value === String(value))?.text ?? String(value ?? ''),
    refresh: async () => undefined,
  };
  return { http, dicts, registry, can };
}

export interface GridCase extends Partial<GridProps> {
  readonly can?: (code: string) => boolean;
  /** The host's live table sync (none by default). */
  readonly tableSync?: RendererServices['tableSync'];
  readonly dictionaries?: Readonly<Record<string, readonly FieldOption[]>>;
  /** The host's http client (none answers by default). */
  readonly http?: Http;
}

export function renderGrid({ can, dictionaries, tableSync, http, ...props }: GridCase) {
  const handle = createRef<GridHandle>();
  const services = {
    ...gridServices(can, dictionaries),
    ...(tableSync ? { tableSync } : {}),
    ...(http ? { http } : {}),
  };
  const tree = (p: Partial<GridProps>) => (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <ServicesContext.Provider value={services}>
          <Suspense fallback={<span>加载中</span>}>
            <div data-testid="outside">outside</div>
            <EditableGrid
              ref={handle}
              columns={[]}
              dataSource={[]}
              enableVirtualization={false}
              aria-label="明细"
              {...p}
            />
          </Suspense>
        </ServicesContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
  let current = props;
  const view = render(tree(current));
  return {
    ...view,
    handle: () => {
      if (!handle.current) throw new Error('the grid has no handle');
      return handle.current;
    },
    /** Renders the grid again with some props changed (as a host re-rendering would). */
    update: (patch: Partial<GridProps>) => {
      current = { ...current, ...patch };
      view.rerender(tree(current));
    },
    user: userEvent.setup({ delay: null }),
  };
}

export const grid = () => screen.getByRole('grid', { name: '明细' });

/** The data rows (header and summary rows left out). */
export function dataRows(): HTMLElement[] {
  return within(grid())
    .getAllByRole('row')
    .filter((row) => row.classList.contains('rdg-row') && !row.classList.contains('eg-expand-row'));
}

/** The cell of a row (0-based data row) and a column (by its title). */
export function cellAt(rowIndex: number, title: string): HTMLElement {
  const headers = within(grid()).getAllByRole('columnheader');
  const col = headers.findIndex((h) => h.textContent?.replace('*', '') === title);
  if (col < 0) throw new Error(`no column ${title}`);
  const colIndex = headers[col].getAttribute('aria-colindex');
  const row = dataRows()[rowIndex];
  if (!row) throw new Error(`no row ${rowIndex}`);
  const cell = row.querySelector<HTMLElement>(`[aria-colindex="${colIndex}"]`);
  if (!cell) throw new Error(`no cell ${rowIndex}/${title}`);
  return cell;
}

/** Text of every data row's cells in one column. */
export function columnTexts(title: string): string[] {
  return dataRows().map((_, i) => cellAt(i, title).textContent ?? '');
}

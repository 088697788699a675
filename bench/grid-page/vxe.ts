import 'vxe-table/lib/style.css';
import { createApp, h, shallowRef, type VNode } from 'vue';
import { VxeTable, VxeColumn } from 'vxe-table';
import { COLUMN_WIDTH, GRID_HEIGHT, HEADER_HEIGHT, ROW_HEIGHT, type BenchData } from './data';
import type { Contender } from './probe';

/**
 * vxe-table 4 on Vue 3 (bench-only; the product never imports Vue): every column edits in a
 * plain input (`edit-render: { name: 'input' }`), a click opens the editor of that cell, rows
 * and columns are virtual from the first one (`gt: 0`). Plain `h()` render functions, no SFC.
 */
/** What the prepared app shows: nothing until the measured render sets the table. */
const slot = shallowRef<(() => VNode) | null>(null);

/** A Vue app mounted before the measured render, as the React contenders' roots are. */
export function prepare(container: HTMLElement): Promise<void> {
  createApp({ render: () => slot.value?.() ?? null }).mount(container);
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function mountGrid(container: HTMLElement, data: BenchData): Contender {
  const columns = data.columns.map((column) =>
    h(VxeColumn, {
      key: column.key,
      field: column.key,
      title: column.title,
      width: COLUMN_WIDTH,
      editRender: { name: 'input' },
    }),
  );
  slot.value = () =>
    h(
      VxeTable,
      {
        data: data.rows,
        height: GRID_HEIGHT,
        border: true,
        showOverflow: 'ellipsis',
        showHeaderOverflow: 'ellipsis',
        rowConfig: { keyField: 'id' },
        cellConfig: { height: ROW_HEIGHT },
        headerCellConfig: { height: HEADER_HEIGHT },
        editConfig: { trigger: 'click', mode: 'cell' },
        virtualYConfig: { enabled: true, gt: 0 },
        virtualXConfig: { enabled: true, gt: 0 },
      },
      () => columns,
    );
  return {
    scroller: () =>
      container.querySelector<HTMLElement>(
        '.vxe-table--main-wrapper .vxe-table--body-inner-wrapper',
      ),
  };
}

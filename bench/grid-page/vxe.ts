import 'vxe-table/lib/style.css';
import { createApp, h, shallowRef, type VNode } from 'vue';
import { VxeColumn, VxeTable, VxeToolbar, type VxeTableInstance } from 'vxe-table';
import {
  GRID_HEIGHT,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  ROW_NUMBER_WIDTH,
  SELECTION_WIDTH,
  TOOLBAR_ADD,
  columnWidth,
  displayText,
  plainRules,
  type BenchData,
} from './data';
import type { Contender } from './probe';

/**
 * vxe-table 4 on Vue 3 (bench-only; the product never imports Vue), doing what the product's
 * grid shows by default: a toolbar (新增, 删除, 清空选择; vxe's toolbar with plain buttons, as
 * the library's buttons live in another package), a sequence column, a tick-box column, cells
 * showing the product's texts (option text, 是/否; vxe's `formatter`), every column editing in
 * a plain input (`edit-render: { name: 'input' }`), a click opens the editor of that cell,
 * rows and columns virtual from the first one (`gt: 0`). Validation is vxe's own
 * (`fullValidate(true)`: every rule of every row) with the same rules (`data.ts`) as edit
 * rules, without scrolling to the first error (the product's does not scroll either). Plain
 * `h()` render functions, no SFC.
 */
/** What the prepared app shows: nothing until the measured render sets the table. */
const slot = shallowRef<(() => VNode[]) | null>(null);

/** A Vue app mounted before the measured render, as the React contenders' roots are. */
export function prepare(container: HTMLElement): Promise<void> {
  createApp({ render: () => slot.value?.() ?? null }).mount(container);
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

interface VxeRule {
  readonly required?: boolean;
  readonly pattern?: RegExp;
  readonly message: string;
}

/** The same rules as vxe edit rules (vxe too skips a pattern on an empty value). */
function editRules(data: BenchData): Record<string, VxeRule[]> {
  return Object.fromEntries(
    data.columns.map((column, index) => [
      column.key,
      plainRules(column, index).map((rule) =>
        rule.required
          ? { required: true, message: `${column.title}不能为空` }
          : { pattern: rule.regex ?? undefined, message: `${column.title}格式不正确` },
      ),
    ]),
  );
}

export function mountGrid(container: HTMLElement, data: BenchData): Contender {
  const table = shallowRef<VxeTableInstance | null>(null);
  const button = (text: string, onClick: () => void) =>
    h('button', { type: 'button', class: 'vxe-button', onClick }, text);
  const columns = [
    h(VxeColumn, { key: 'seq', type: 'seq', width: ROW_NUMBER_WIDTH, fixed: 'left' }),
    h(VxeColumn, { key: 'check', type: 'checkbox', width: SELECTION_WIDTH, fixed: 'left' }),
    ...data.columns.map((column) =>
      h(VxeColumn, {
        key: column.key,
        field: column.key,
        title: column.title,
        width: columnWidth(column.kind),
        formatter: ({ cellValue }: { cellValue: unknown }) => displayText(column.kind, cellValue),
        editRender: { name: 'input' },
      }),
    ),
  ];
  const rules = editRules(data);
  slot.value = () => [
    h(VxeToolbar, null, {
      buttons: () => [
        button(TOOLBAR_ADD, () => void table.value?.insertAt({}, -1)),
        button('删除', () => void table.value?.removeCheckboxRow()),
        button('清空选择', () => void table.value?.clearCheckboxRow()),
      ],
    }),
    h(
      VxeTable,
      {
        ref: (instance: unknown) => (table.value = instance as VxeTableInstance | null),
        data: data.rows,
        height: GRID_HEIGHT,
        border: true,
        showOverflow: 'ellipsis',
        showHeaderOverflow: 'ellipsis',
        rowConfig: { keyField: 'id' },
        cellConfig: { height: ROW_HEIGHT },
        headerCellConfig: { height: HEADER_HEIGHT },
        editConfig: { trigger: 'click', mode: 'cell' },
        editRules: rules,
        validConfig: { autoPos: false },
        virtualYConfig: { enabled: true, gt: 0 },
        virtualXConfig: { enabled: true, gt: 0 },
      },
      () => columns,
    ),
  ];
  return {
    scroller: () =>
      container.querySelector<HTMLElement>(
        '.vxe-table--main-wrapper .vxe-table--body-inner-wrapper',
      ),
    validate: async () => {
      if (!table.value) throw new Error('the table has no instance');
      const errors = (await table.value.fullValidate(true)) ?? {};
      return Object.values(errors).reduce((sum, list) => sum + list.length, 0);
    },
  };
}

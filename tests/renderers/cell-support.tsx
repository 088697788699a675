/**
 * Renders a type's grid cell the way the editable grid does (registry/grid): `cell ?? field`
 * through a registry, no field definition, the column's `props` and extras (`customValue`,
 * `allowClear`, `allowInput`, `setTagColor`, …) spread in, `autoFocus` and `size: 'small'`, the
 * column title as `aria-label`, a controlled value.
 */
import { useState } from 'react';
import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RendererRegistry } from '../../registry/registry';
import type { FieldOption } from '../../src/contracts/page';
import { builtinRegistry, Providers } from './support';

export interface CellCase {
  readonly type: string;
  readonly value?: unknown;
  readonly options?: readonly FieldOption[];
  /** The column's `props`. */
  readonly props?: Readonly<Record<string, unknown>>;
  /** The column's own settings the grid spreads in (customValue, allowClear, …). */
  readonly column?: Readonly<Record<string, unknown>>;
  readonly disabled?: boolean;
  readonly registry?: RendererRegistry;
}

/** The column title, the cell's accessible name. */
export const TITLE = '名称';

export function renderCell(c: CellCase) {
  const registry = c.registry ?? builtinRegistry();
  const renderer = registry.get(c.type);
  if (!renderer) throw new Error(`type ${c.type} is not registered`);
  const Cell = renderer.cell ?? renderer.field;
  const onChange = vi.fn<(value: unknown) => void>();
  const onBlur = vi.fn();
  let current: unknown = c.value;
  let setOutside: (value: unknown) => void = () => undefined;
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    setOutside = setValue;
    return (
      <Cell
        {...(c.props ?? {})}
        {...(c.column ?? {})}
        value={value}
        onChange={(next) => {
          current = next;
          setValue(next);
          onChange(next);
        }}
        onBlur={onBlur}
        disabled={c.disabled}
        options={c.options ?? []}
        autoFocus
        size="small"
        aria-label={TITLE}
      />
    );
  }
  const view = render(
    <Providers>
      <Host />
    </Providers>,
  );
  return {
    ...view,
    onChange,
    onBlur,
    /** The value the grid holds now. */
    value: () => current,
    /** The grid changes the value (another edit, a reload). */
    setValue: (value: unknown) => act(() => setOutside(value)),
    user: userEvent.setup({ delay: null }),
  };
}

/**
 * A type's read-only view as the grid draws a cell that is not being edited: the column's
 * `props` and extras spread in, no field definition.
 */
export function renderCellDisplay(c: Omit<CellCase, 'disabled'>) {
  const registry = c.registry ?? builtinRegistry();
  const Display = registry.get(c.type)?.display;
  if (!Display) throw new Error(`type ${c.type} has no display`);
  const view = render(
    <Providers>
      <div data-testid="cell">
        <Display
          {...(c.props ?? {})}
          {...(c.column ?? {})}
          value={c.value}
          options={c.options ?? []}
          variant="cell"
        />
      </div>
    </Providers>,
  );
  return {
    ...view,
    /** What the user reads. */
    text: () => view.container.querySelector('[data-testid="cell"]')?.textContent ?? '',
  };
}

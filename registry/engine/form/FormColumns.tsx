import type { CSSProperties, ReactNode, Ref } from 'react';
import './form-grid.css';

/**
 * The form's column grid: plain CSS grid (items span with `grid-column`), one column below
 * 576 px. Formily's FormGrid measures every child with getComputedStyle on each mutation, which
 * made a 300-field form take seconds to appear; CSS does the same layout for free.
 */
export function FormColumns({
  columns,
  children,
  ref,
}: {
  readonly columns: number;
  readonly children?: ReactNode;
  readonly ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      className="sa-form-grid"
      style={{ '--sa-form-columns': columns } as CSSProperties}
    >
      {children}
    </div>
  );
}

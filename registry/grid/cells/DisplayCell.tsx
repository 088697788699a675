import { Suspense, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import { displayText } from '../../registry';
import { tagsToList } from '../model/tags';
import { useGridErrors } from '../grid-context';
import type { GridRow } from '../types';
import type { CellSpec } from './cell-spec';
import { isTextReading } from './cell-text';

function Tags({ value, spec }: { readonly value: unknown; readonly spec: CellSpec }) {
  const colorOf = spec.column.setTagColor;
  return (
    <span className="eg-tags">
      {tagsToList(value).map((tag, i) => {
        const color = colorOf?.(tag);
        return (
          <span
            key={`${i}:${tag}`}
            className="eg-tag"
            style={color ? { color, borderColor: color } : undefined}
          >
            {tag}
          </span>
        );
      })}
    </span>
  );
}

/**
 * The read-only content of a value cell: plain text for the text types (no component at all),
 * tags, or the registry's display view for the types that have one.
 */
export function displayContent(
  spec: CellSpec,
  row: Readonly<GridRow>,
  variant: 'cell' | 'detail' = 'cell',
): ReactNode {
  const { column, renderer, options, reading } = spec;
  if (isTextReading(reading)) return spec.text(row);
  const value = row[column.key];
  if (reading === 'tags') return <Tags value={value} spec={spec} />;
  const Display = renderer?.display;
  if (!Display) return displayText({ value, record: row, options, field: spec.field });
  const view = (
    <Display
      {...column.props}
      value={value}
      record={row}
      options={options}
      field={spec.field}
      variant={variant}
    />
  );
  return spec.lazyDisplay ? <Suspense fallback={null}>{view}</Suspense> : view;
}

export interface RuledCellProps {
  readonly rowId: string;
  readonly columnKey: string;
  readonly children: ReactNode;
}

/** A cell of a column with rules: a red border and the first failing rule's message on hover. */
export function RuledCell({ rowId, columnKey, children }: RuledCellProps) {
  const message = useGridErrors().get(rowId)?.get(columnKey);
  if (message === undefined) return <div className="eg-cell-box">{children}</div>;
  return (
    <Tooltip title={message}>
      <div className="eg-cell-box eg-cell-invalid" aria-invalid="true">
        {children}
      </div>
    </Tooltip>
  );
}

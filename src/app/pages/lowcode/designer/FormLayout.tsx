import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createForm } from '@formily/core';
import { Card, Divider, Typography } from 'antd';
import { FormBody } from '../../../../../registry/engine/form/FormBody';
import { FormColumns } from '../../../../../registry/engine/form/FormColumns';
import { formColumns } from '../../../../../registry/engine/form/field-specs';
import { isHiddenType, type Catalogue } from '../../../../contracts/catalogue/index';
import { formSpanOf, formWith, inForm } from '../../../../contracts/designer/field-settings';
import type { DesignerOp, Draft } from '../../../../contracts/designer/ops';
import type { FieldDefinition } from '../../../../contracts/page';

const NO_OPTIONS = new Map();

export interface FormLayoutProps {
  readonly draft: Draft;
  readonly catalogue: Catalogue;
  readonly readOnly: boolean;
  /** Applies operations as one change (one undo step). */
  readonly applyAll: (ops: readonly DesignerOp[]) => void;
  readonly onSelect: (index: number) => void;
}

interface Cell {
  readonly field: FieldDefinition;
  readonly index: number;
  readonly group: string | null;
  /** Columns of the row it takes (1 … columns). */
  readonly width: number;
}

const groupOf = (field: FieldDefinition) =>
  typeof field.form === 'object' ? (field.form.group ?? null) : null;

/**
 * 表单布局: the edit form's fields as cards on the form's own grid (its columns, each field's
 * span, its groups), to drag to another place (into another group too) or move with the
 * keyboard — Alt+←/→ earlier or later, Alt+Shift+←/→ narrower or wider — and under it the
 * page engine drawing the draft's form as users will see it.
 */
export function FormLayout({ draft, catalogue, readOnly, applyAll, onSelect }: FormLayoutProps) {
  const columns = formColumns(draft, draft.fields);
  const cells = useMemo<Cell[]>(
    () =>
      draft.fields.flatMap((field, index) => {
        if (!inForm(field) || isHiddenType(field.type)) return [];
        const span = formSpanOf(field) ?? 24 / columns;
        const width = Math.min(columns, Math.max(1, Math.round((span * columns) / 24)));
        return [{ field, index, group: groupOf(field), width }];
      }),
    [draft.fields, columns],
  );
  const groups = useMemo(() => {
    const order: (string | null)[] = [null];
    for (const cell of cells) if (!order.includes(cell.group)) order.push(cell.group);
    return order
      .map((title) => ({ title, cells: cells.filter((c) => c.group === title) }))
      .filter((g) => g.cells.length > 0);
  }, [cells]);
  const dragged = useRef<Cell | null>(null);
  const root = useRef<HTMLDivElement | null>(null);
  // The card moved by the keyboard keeps the focus where it lands.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const name = refocus.current;
    if (!name) return;
    refocus.current = null;
    root.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`)?.focus();
  }, [draft]);
  const [over, setOver] = useState<number | null>(null);

  /** Moves a field to where `target` is, taking the target's group. */
  const moveTo = (cell: Cell, target: Cell) => {
    if (cell.index === target.index) return;
    const ops: DesignerOp[] = [];
    if (cell.group !== target.group) {
      ops.push({
        op: 'setField',
        index: cell.index,
        key: 'form',
        value: formWith(cell.field, 'group', target.group),
      });
    }
    ops.push({ op: 'moveField', from: cell.index, to: target.index });
    applyAll(ops);
  };
  const widen = (cell: Cell, by: number) => {
    const width = Math.min(columns, Math.max(1, cell.width + by));
    if (width === cell.width) return;
    const span = width === columns ? 24 : Math.round((24 * width) / columns);
    applyAll([
      {
        op: 'setField',
        index: cell.index,
        key: 'form',
        value: formWith(cell.field, 'span', span === 24 / columns ? null : span),
      },
    ]);
  };
  const onKey = (cell: Cell, event: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly || !event.altKey) return;
    const step = event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : 0;
    const by = step + forward;
    if (by === 0) return;
    event.preventDefault();
    refocus.current = cell.field.name;
    if (event.shiftKey) {
      widen(cell, by);
      return;
    }
    const shown = groups.flatMap((g) => g.cells);
    const target = shown[shown.indexOf(cell) + by];
    if (target) moveTo(cell, target);
  };

  const preview = useMemo(
    () => createForm(),
    // A fresh form for each draft: the preview shows defaults, not what was typed into it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft],
  );

  return (
    <div data-testid="form-layout" ref={root}>
      <Typography.Paragraph type="secondary">
        拖动字段调整顺序和分组，双击打开字段设置；选中后 Alt+←/→ 前移或后移，Alt+Shift+←/→
        变窄或变宽。每行 {columns} 列（页面设置中修改）。
      </Typography.Paragraph>
      {groups.map((group) => (
        <div key={group.title ?? ''}>
          {group.title !== null && <Divider orientation="left">{group.title}</Divider>}
          <FormColumns columns={columns}>
            {group.cells.map((cell) => (
              <div
                key={cell.field.name}
                data-field={cell.field.name}
                role="button"
                tabIndex={0}
                aria-label={`表单布局：${cell.field.label}`}
                draggable={!readOnly}
                onDoubleClick={() => onSelect(cell.index)}
                onKeyDown={(event) => onKey(cell, event)}
                onDragStart={(event) => {
                  dragged.current = cell;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', cell.field.name);
                }}
                onDragOver={(event) => {
                  if (!dragged.current) return;
                  event.preventDefault();
                  if (over !== cell.index) setOver(cell.index);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setOver(null);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = dragged.current;
                  dragged.current = null;
                  setOver(null);
                  if (from) moveTo(from, cell);
                }}
                style={{ gridColumn: `span ${cell.width}`, marginBottom: 8, cursor: 'grab' }}
              >
                <Card
                  size="small"
                  style={over === cell.index ? { borderColor: '#1677ff' } : undefined}
                >
                  <Typography.Text strong>{cell.field.label}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {catalogue.get(cell.field.type)?.title ?? cell.field.type} · 占 {cell.width}/
                    {columns} 列
                  </Typography.Text>
                </Card>
              </div>
            ))}
          </FormColumns>
        </div>
      ))}
      <Divider orientation="left">实际效果（新增表单）</Divider>
      <div style={{ maxWidth: draft.form?.width ?? 800 }}>
        <FormBody page={draft} form={preview} mode="add" options={NO_OPTIONS} dataId={null} />
      </div>
    </div>
  );
}

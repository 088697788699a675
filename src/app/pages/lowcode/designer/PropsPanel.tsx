import { memo, useMemo, useRef, useState } from 'react';
import { createForm, onFieldInputValueChange } from '@formily/core';
import { Empty, Typography } from 'antd';
import { FormBody } from '../../../../../registry/engine/form/FormBody';
import type { Catalogue } from '../../../../contracts/catalogue/index';
import { formValue, propFields, propValue } from '../../../../contracts/designer/props-fields';
import type { FieldListRef } from '../../../../contracts/designer/ops';
import {
  PAGE_SCHEMA_VERSION,
  type FieldDefinition,
  type PageDefinition,
} from '../../../../contracts/page';
import type { ApplyOp } from './FieldTable';

const NO_OPTIONS = new Map();

export interface PropsPanelProps {
  readonly field: FieldDefinition;
  readonly index: number;
  readonly list: FieldListRef;
  readonly catalogue: Catalogue;
  readonly readOnly: boolean;
  readonly apply: ApplyOp;
}

/**
 * The selected field's renderer props, as a form the page engine draws from the type's props
 * schema in the catalogue (propFields): a renderer a developer registers gets its panel with
 * no designer code. A change writes the prop through `setField props`; emptying a value
 * removes the prop (its default applies).
 */
export const PropsPanel = memo(
  PropsPanelView,
  // Typing the field's title elsewhere leaves its props, and so this panel, as they were.
  (before, after) =>
    before.field.type === after.field.type &&
    before.field.props === after.field.props &&
    before.index === after.index &&
    before.list.detail === after.list.detail &&
    before.catalogue === after.catalogue &&
    before.readOnly === after.readOnly &&
    before.apply === after.apply,
);

function PropsPanelView({ field, index, list, catalogue, readOnly, apply }: PropsPanelProps) {
  const entry = catalogue.get(field.type);
  const props = useMemo(() => propFields(entry?.props.schema, entry?.props.defaults), [entry]);
  const current = field.props ?? {};
  // The props this panel last wrote: anything else (an undo, the JSON view) draws a new form.
  const written = useRef<unknown>(current);
  const [generation, setGeneration] = useState(0);
  if (JSON.stringify(written.current) !== JSON.stringify(current)) {
    written.current = current;
    setGeneration((n) => n + 1);
  }
  const latest = useRef({ field, apply });
  latest.current = { field, apply };
  const listKey = list.detail ?? 'main';

  const form = useMemo(() => {
    const initialValues = Object.fromEntries(
      props.map((p) => [p.key, formValue(p, (current as Record<string, unknown>)[p.key])]),
    );
    return createForm({
      initialValues,
      readOnly,
      effects() {
        onFieldInputValueChange('*', (changed) => {
          const key = String(changed.path);
          const prop = props.find((p) => p.key === key);
          if (!prop) return;
          const value = propValue(prop, changed.value);
          if (value === null) return; // JSON still being typed
          const { field: now, apply: write } = latest.current;
          const next: Record<string, unknown> = { ...(now.props ?? {}) };
          if (value === undefined) delete next[key];
          else next[key] = value;
          const propsValue = Object.keys(next).length > 0 ? next : undefined;
          written.current = propsValue ?? {};
          write(
            {
              op: 'setField',
              ...(list.detail === undefined ? {} : { detail: list.detail }),
              index,
              key: 'props',
              value: propsValue,
            },
            `props:${listKey}:${index}:${key}`,
          );
        });
      },
    });
    // A new form for another field, type or outside change only: typing keeps this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props, index, listKey, readOnly, generation, field.type]);

  const page = useMemo<PageDefinition>(
    () => ({
      schemaVersion: PAGE_SCHEMA_VERSION,
      code: 'designer_props',
      title: '属性',
      kind: 'form',
      fields: props.map((p) => p.field),
      form: { columns: 1, labelWidth: 140 },
    }),
    [props],
  );

  return (
    <div data-testid="props-panel">
      <Typography.Text strong>{entry?.title ?? field.type} 的属性</Typography.Text>
      {props.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该控件没有可设置的属性" />
      ) : (
        <div style={{ marginTop: 8 }}>
          <FormBody
            key={generation}
            page={page}
            form={form}
            mode="edit"
            options={NO_OPTIONS}
            dataId={null}
          />
        </div>
      )}
    </div>
  );
}

import { createContext, useContext, type ComponentType } from 'react';
import { isField } from '@formily/core';
import { createSchemaField, useField, type ISchema } from '@formily/react';
import type { FieldDefinition } from '../../../src/contracts/page';
import type { RendererRegistry } from '../../registry';
import { displayText } from '../../registry';
import type { FieldWidgetProps, ResolvedRenderer } from '../../types';
import { FieldItem } from './FieldItem';
import { FormColumns } from './FormColumns';

/**
 * The definitions of a form's fields by name. Widgets get their definition from here rather
 * than through `x-component-props`: Formily deep-copies component props on every render.
 */
export const FieldDefinitionsContext = createContext<ReadonlyMap<string, FieldDefinition>>(
  new Map(),
);

/**
 * A registry renderer as a Formily component: the editing widget, or its display view when
 * the field is read-pretty (detail mode). Formily hands over value / onChange / disabled /
 * readOnly plus the `x-component-props` (the field's props, options, id).
 */
function adapt(renderer: ResolvedRenderer): ComponentType<FieldWidgetProps> {
  const Widget = renderer.field;
  const Display = renderer.display;
  function RegistryWidget(props: FieldWidgetProps) {
    const field = useField();
    const definition = useContext(FieldDefinitionsContext).get(String(field.props.name));
    if (isField(field) && field.pattern === 'readPretty') {
      const { value, options, onChange: _c, onBlur: _b, onFocus: _f, ...rest } = props;
      const record = field.form.values as Record<string, unknown>;
      if (Display) {
        return (
          <Display
            {...rest}
            value={value}
            options={options}
            field={definition}
            record={record}
            variant="detail"
          />
        );
      }
      return <>{displayText({ value, options, field: definition, record }) || '-'}</>;
    }
    return <Widget {...props} field={definition} />;
  }
  RegistryWidget.displayName = `RegistryWidget(${renderer.type})`;
  return RegistryWidget;
}

/** What the engine renders of a SchemaField: the whole form from one schema. */
export type SchemaFieldComponent = ComponentType<{ readonly schema: ISchema }>;

const cache = new WeakMap<RendererRegistry, { types: string; component: SchemaFieldComponent }>();

/** Formily's SchemaField with every registered type as a component (one per registry). */
export function schemaFieldFor(registry: RendererRegistry): SchemaFieldComponent {
  const types = registry.types();
  const key = types.join('|');
  const hit = cache.get(registry);
  if (hit && hit.types === key) return hit.component;
  const components: Record<string, ComponentType<FieldWidgetProps>> = {};
  for (const type of types) components[type] = adapt(registry.get(type)!);
  // createSchemaField's type is generic over the component map; the engine only passes a schema.
  const component = createSchemaField({
    components: { FieldItem, FormColumns, ...components },
  }) as unknown as SchemaFieldComponent;
  cache.set(registry, { types: key, component });
  return component;
}

import { useMemo } from 'react';
import type { FieldWidgetProps } from '../../registry/types';
import { MultiSelectControl } from '../shared/MultiSelectControl';
import { tagColour } from './colour';
import { TAG_SEPARATOR, tagsProps } from '../../src/contracts/catalogue/entries/tags';

export interface TagsControlProps {
  readonly widget: FieldWidgetProps;
  readonly maxTagCount?: number;
}

/**
 * Tags typed (Enter or `;` ends one) or picked from the options; the value is the tags joined by
 * `;` ('' for none). Each tag is coloured by `setTagColor` / `colors`.
 */
export function TagsControl({ widget, maxTagCount }: TagsControlProps) {
  const p = tagsProps.read(widget);
  const { setTagColor, field } = widget;
  const colour = useMemo(
    () => tagColour({ setTagColor, colors: p.colors, field }),
    [setTagColor, p.colors, field],
  );
  return (
    <MultiSelectControl
      widget={widget}
      mode="tags"
      separator={TAG_SEPARATOR}
      allowClear={p.allowClear}
      showSearch
      maxTagCount={maxTagCount}
      tagColor={colour}
    />
  );
}

/** In a form: every tag shown (or `maxTagCount`). */
export function TagsWidget(props: FieldWidgetProps) {
  return <TagsControl widget={props} maxTagCount={tagsProps.read(props).maxTagCount} />;
}

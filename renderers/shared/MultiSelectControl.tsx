import { useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import { ConfigProvider, Select, Tag, type SelectProps } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { selectA11y } from './a11y';
import { cellLook } from './cell';
import { toAntOptions } from './options';
import { placeholderOf } from './placeholder';
import { joinList, splitList } from './values';

type TagRenderProps = Parameters<NonNullable<SelectProps['tagRender']>>[0];

export interface MultiSelectControlProps {
  readonly widget: FieldWidgetProps;
  /** Joins the values in the stored string; also splits typed text in `tags` mode. */
  readonly separator: string;
  readonly allowClear: boolean;
  readonly showSearch: boolean;
  /** Tags shown before a "+N" tag (grid cells: 1). Default: all. */
  readonly maxTagCount?: number;
  /** `tags`: typed text becomes a value too. Default `multiple`. */
  readonly mode?: 'multiple' | 'tags';
  /** The colour of each tag (tags). */
  readonly tagColor?: (tag: string) => string | undefined;
}

/** A tag without its remove icon (antd's classes, so it looks like the others). */
function ReadOnlyTag({ label }: { readonly label: ReactNode }) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('select');
  return (
    <span className={`${prefix}-selection-item`}>
      <span className={`${prefix}-selection-item-content`}>{label}</span>
    </span>
  );
}

/** Keeps a click on a tag (or its remove icon) from opening the dropdown. */
const keepClosed = (e: MouseEvent) => {
  e.preventDefault();
  e.stopPropagation();
};

/**
 * Several values in one dropdown with tags; the value is the chosen values joined
 * ('' for none). Read-only: shows the tags, never opens. With `tagColor`, each tag is an antd
 * `Tag` of its colour.
 */
export function MultiSelectControl(props: MultiSelectControlProps) {
  const { widget, separator, tagColor } = props;
  const options = useMemo(() => toAntOptions(widget.options), [widget.options]);
  const { readOnly } = widget;
  const colourTag = useMemo(
    () =>
      tagColor
        ? ({ label, value, closable, onClose }: TagRenderProps) => (
            <Tag
              color={tagColor(String(value))}
              closable={closable && !readOnly}
              onClose={onClose}
              onMouseDown={keepClosed}
              style={{ marginInlineEnd: 4 }}
            >
              {label}
            </Tag>
          )
        : undefined,
    [tagColor, readOnly],
  );
  return (
    <Select<string[]>
      {...selectA11y(widget)}
      {...cellLook(widget)}
      mode={props.mode ?? 'multiple'}
      style={{ width: '100%' }}
      value={splitList(widget.value, separator)}
      options={options}
      onChange={(values) => {
        if (!readOnly) widget.onChange?.(joinList(values ?? [], separator));
      }}
      onBlur={widget.onBlur}
      disabled={widget.disabled}
      placeholder={placeholderOf(widget, '请选择')}
      allowClear={props.allowClear && !readOnly}
      showSearch={props.showSearch && !readOnly}
      optionFilterProp="label"
      maxTagCount={props.maxTagCount}
      tokenSeparators={props.mode === 'tags' ? [separator] : undefined}
      tagRender={colourTag ?? (readOnly ? ReadOnlyTag : undefined)}
      {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
    />
  );
}

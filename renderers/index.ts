import type { RendererRegistry } from '../registry/registry';
import type { RendererSpec } from '../registry/types';
import { checkboxRenderer } from './checkbox';
import { checkboxGroupRenderer } from './checkbox-group';
import { DateDisplay } from './date/Display';
import { dateMeta, dateProps } from './date/props';
import { DatetimeDisplay } from './datetime/Display';
import { datetimeMeta, datetimeProps } from './datetime/props';
import { dictSelectRenderer } from './dict-select';
import { hiddenRenderer } from './hidden';
import { inputRenderer } from './input';
import { inputNumberRenderer } from './inputNumber';
import { listMultiRenderer } from './list_multi';
import { normalRenderer } from './normal';
import { passwordRenderer } from './password';
import { progressRenderer } from './progress';
import { radioRenderer } from './radio';
import { selectRenderer } from './select';
import { selectMultipleRenderer } from './select-multiple';
import { selectSearchRenderer } from './select-search';
import { switchRenderer } from './switch';
import { tagsRenderer } from './tags';
import { textareaRenderer } from './textarea';
import { TimeDisplay } from './time/Display';
import { timeMeta, timeProps } from './time/props';

/** Built-in types whose code is in the first bundle. */
export const EAGER_RENDERERS: Readonly<Record<string, RendererSpec>> = {
  input: inputRenderer,
  inputNumber: inputNumberRenderer,
  textarea: textareaRenderer,
  select: selectRenderer,
  'select-multiple': selectMultipleRenderer,
  checkbox: checkboxRenderer,
  radio: radioRenderer,
  switch: switchRenderer,
  'dict-select': dictSelectRenderer,
  'checkbox-group': checkboxGroupRenderer,
  hidden: hiddenRenderer,
  normal: normalRenderer,
  password: passwordRenderer,
  // Editable-grid cell types (widgets.md §2.5), usable in forms too.
  'select-search': selectSearchRenderer,
  list_multi: listMultiRenderer,
  progress: progressRenderer,
  tags: tagsRenderer,
};

/** Names of every built-in type, in registration order. */
export const BUILTIN_TYPES: readonly string[] = [
  ...Object.keys(EAGER_RENDERERS),
  'date',
  'datetime',
  'time',
];

/**
 * Registers the built-in field types (issue 3, and the grid's cell types) in a registry. The
 * grid's own columns (row-number, row-checkbox, row-radio, row-expand, row-drag-sort) and `slot`
 * are drawn by the grid and never registered. The pickers (`date`, `datetime`,
 * `time`) load lazily on first render: their props schemas and read-only views (plain
 * formatting) are given up front, so pages validate and lists show dates without the picker code.
 */
export function registerBuiltinRenderers(registry: RendererRegistry): void {
  for (const [type, spec] of Object.entries(EAGER_RENDERERS)) registry.register(type, spec);
  registry.register('date', {
    lazy: () => import('./date'),
    props: dateProps.schema,
    display: DateDisplay,
    ...dateMeta,
  });
  registry.register('datetime', {
    lazy: () => import('./datetime'),
    props: datetimeProps.schema,
    display: DatetimeDisplay,
    ...datetimeMeta,
  });
  registry.register('time', {
    lazy: () => import('./time'),
    props: timeProps.schema,
    display: TimeDisplay,
    ...timeMeta,
  });
}

import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `checkbox-group`: several options ticked, stored as one joined string (`'a,b'`). */
export interface CheckboxGroupProps {
  /** Joins the ticked values in the stored string. Default `','`. */
  readonly separator?: string;
}

export const checkboxGroupProps = defineProps<CheckboxGroupProps>()(
  {
    separator: { type: 'string', minLength: 1, maxLength: 5, description: '多个值之间的分隔符' },
  },
  { separator: ',' },
);

export const checkboxGroupEntry = defineEntry({
  type: 'checkbox-group',
  title: '多选框组',
  props: checkboxGroupProps,
  value: 'list',
  queryRule: 'in',
  grid: { text: 'option' },
  lookups: ['dict'],
});

import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { ellipsisSchema } from '../common-schemas';

/** Props of `normal`: text shown, never edited. */
export interface NormalProps {
  /** List cells: width units (wide characters count 2) before '...'; 0 never cuts. Default `25`. */
  readonly ellipsis?: number;
}

export const normalProps = defineProps<NormalProps>()(
  {
    ellipsis: ellipsisSchema,
  },
  { ellipsis: 25 },
);

export const normalEntry = defineEntry({
  type: 'normal',
  title: '只读文本',
  props: normalProps,
  value: 'string',
  queryRule: 'eq',
  grid: { readOnly: true, text: 'value' },
  lookups: ['dict'],
});

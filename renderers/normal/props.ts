import { defineProps } from '../shared/props';

/** Props of `normal`: text shown, never edited. */
export interface NormalProps {
  /** List cells: width units (wide characters count 2) before '...'; 0 never cuts. Default `25`. */
  readonly ellipsis?: number;
}

export const normalProps = defineProps<NormalProps>()(
  {
    ellipsis: {
      type: 'integer',
      minimum: 0,
      maximum: 1000,
      description: '列表中超过该宽度（中文计 2）的文字以 ... 截断，0 表示不截断',
    },
  },
  { ellipsis: 25 },
);

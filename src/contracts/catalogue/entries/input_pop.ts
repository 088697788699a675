import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Where the larger text box opens beside the input. */
export const INPUT_POP_PLACEMENTS = ['top', 'right', 'bottom', 'left'] as const;

/** Props of `input_pop`: a text input whose fullscreen icon opens a larger box in a popover. */
export interface InputPopProps {
  /** Height of the popover's text box in px. Default `200` (widgets.md §9). */
  readonly height?: number;
  /** Width of the popover's text box in px. Default `150` (widgets.md §9). */
  readonly width?: number;
  /** Side of the input the popover opens on. Default `right`. */
  readonly placement?: (typeof INPUT_POP_PLACEMENTS)[number];
}

export const inputPopProps = defineProps<InputPopProps>()(
  {
    height: { type: 'integer', minimum: 50, maximum: 2000, description: '弹出框高度' },
    width: { type: 'integer', minimum: 50, maximum: 2000, description: '弹出框宽度' },
    placement: { enum: [...INPUT_POP_PLACEMENTS], description: '弹出位置' },
  },
  { height: 200, width: 150, placement: 'right' as const },
);

/** The grid cell's larger text box (widgets.md §2.5, §9: popup input 300x210). */
export const INPUT_POP_CELL_SIZE = { width: 300, height: 210 } as const;

export const inputPopEntry = defineEntry({
  type: 'input_pop',
  title: '弹出输入框',
  props: inputPopProps,
  value: 'string',
  queryRule: 'like',
  grid: { text: 'value' },
  lookups: [],
});

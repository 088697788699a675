import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** widgets.md §9: the markdown editor is 300 px high by default and never under 200 px. */
export const MARKDOWN_HEIGHT = 300;
export const MARKDOWN_MIN_HEIGHT = 200;

/**
 * Props of `markdown` (widgets.md §2.7): a markdown source with a live preview beside it and a
 * 图片上传 dialog. The source is stored as it is typed; it is sanitised when it is shown.
 */
export interface MarkdownProps {
  /** Height of the editor in px (resizable, never below 200). Default `300`. */
  readonly height?: number;
  /** Folder the 图片上传 dialog uploads to (widgets.md §9). Default `'temp'`. */
  readonly biz?: string;
}

export const markdownProps = defineProps<MarkdownProps>()(
  {
    height: {
      type: 'integer',
      minimum: MARKDOWN_MIN_HEIGHT,
      maximum: 5000,
      description: '编辑器高度（像素，最小 200）',
    },
    biz: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,32}$',
      description: '图片上传的目录（biz）',
    },
  },
  { height: MARKDOWN_HEIGHT, biz: 'temp' },
);

export const markdownEntry = defineEntry({
  type: 'markdown',
  title: 'Markdown',
  props: markdownProps,
  value: 'string',
  queryRule: 'like',
  grid: { width: 200, text: 'display' },
  lookups: [],
});

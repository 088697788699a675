import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `richtext` (widgets.md §2.7, §9 "Rich text height 300"): an HTML editor with a
 * Chinese toolbar; its images upload to the folder `biz`.
 */
export interface RichtextProps {
  /** Height of the editor (toolbar excluded), in px; longer content scrolls. Default `300`. */
  readonly height?: number;
  /** The upload folder of the editor's images (widgets.md §7). Default `'temp'`. */
  readonly biz?: string;
  /** Shown while the editor is empty. Default: the form's 请输入<label>. */
  readonly placeholder?: string;
}

export const richtextProps = defineProps<RichtextProps>()(
  {
    height: { type: 'integer', minimum: 100, maximum: 2000, description: '编辑区高度（像素）' },
    biz: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,32}$',
      description: '图片上传的文件夹',
    },
    placeholder: { type: 'string', maxLength: 100, description: '内容为空时的提示文字' },
  },
  { height: 300, biz: 'temp' },
);

export const richtextEntry = defineEntry({
  type: 'richtext',
  title: '富文本',
  props: richtextProps,
  value: 'html',
  queryRule: 'like',
  grid: { width: 200, text: 'display' },
  lookups: [],
});

import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { BIZ_SCHEMA } from './image';

/**
 * Props of `file` (widgets.md §2.6 "File upload", §9 "Uploads"): files uploaded to the server,
 * held as their stored paths comma-joined.
 */
export interface FileProps {
  /** Most files held; 0: no limit. Default `0` (§9). */
  readonly number?: number;
  /** Several files may be chosen at once. Default `true`. */
  readonly multiple?: boolean;
  /** `text`: a button and a list of names; `picture-card`: cards. Default `'text'`. */
  readonly listType?: 'text' | 'picture-card';
  /** The folder uploads go to. Default `'temp'`. */
  readonly biz?: string;
  /** Files can be downloaded from the field. Default `true`. */
  readonly allowDownload?: boolean;
  /** Files can be removed from the field. Default `true`. */
  readonly allowRemove?: boolean;
  /** The upload button's text. Default `'上传文件'`. */
  readonly btnText?: string;
}

export const fileProps = defineProps<FileProps>()(
  {
    number: { type: 'integer', minimum: 0, maximum: 100, description: '最多文件数（0 不限）' },
    multiple: { type: 'boolean', description: '可一次选择多个文件' },
    listType: {
      enum: ['text', 'picture-card'],
      description: '样式：text 按钮加文件名列表，picture-card 卡片',
    },
    biz: BIZ_SCHEMA,
    allowDownload: { type: 'boolean', description: '允许下载' },
    allowRemove: { type: 'boolean', description: '允许删除' },
    btnText: { type: 'string', minLength: 1, maxLength: 20, description: '上传按钮文字' },
  },
  {
    number: 0,
    multiple: true,
    listType: 'text',
    biz: 'temp',
    allowDownload: true,
    allowRemove: true,
    btnText: '上传文件',
  },
);

export const fileEntry = defineEntry({
  type: 'file',
  title: '文件上传',
  props: fileProps,
  value: 'files',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});

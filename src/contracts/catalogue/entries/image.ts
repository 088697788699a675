import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** A folder name uploads may be stored under (the server checks the same rule). */
export const BIZ_SCHEMA = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,32}$',
  minLength: 1,
  maxLength: 32,
  description: '上传到的文件夹（字母、数字、_、-）',
} as const;

/**
 * Props of `image` (widgets.md §2.6 "Image upload", §9 "Uploads"): pictures uploaded to the
 * server, held as their stored paths comma-joined.
 */
export interface ImageProps {
  /** Most pictures held; -1 or 0: no limit (one without `multiple`). Default `-1` (§9). */
  readonly number?: number;
  /**
   * Several pictures; choosing more than `number` keeps only the last `number`. Default `false`
   * (one picture, a new upload replaces it).
   */
  readonly multiple?: boolean;
  /** The folder uploads go to. Default `'temp'`. */
  readonly biz?: string;
}

export const imageProps = defineProps<ImageProps>()(
  {
    number: { type: 'integer', minimum: -1, maximum: 100, description: '最多图片数（-1 不限）' },
    multiple: { type: 'boolean', description: '可上传多张图片（超出数量时保留最后几张）' },
    biz: BIZ_SCHEMA,
  },
  { number: -1, multiple: false, biz: 'temp' },
);

export const imageEntry = defineEntry({
  type: 'image',
  title: '图片上传',
  props: imageProps,
  value: 'files',
  // Only pictures: the server refuses a stored file of another type in the value.
  fileType: 'image',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});

import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { BIZ_SCHEMA } from './image';

/**
 * Props of `upload` (widgets.md §2.5 "upload" cell, §3 "Grid column"): one file uploaded through
 * the column's own settings (its upload path and answer field), held as its stored path; 更多
 * holds several.
 */
export interface UploadProps {
  /**
   * A same-site path to upload to instead of the upload route (`/system/...`); any other URL is
   * ignored. Default: the upload route.
   */
  readonly action?: string;
  /**
   * Send the access-token header (widgets.md §6). The http client always sends it, so this is
   * accepted for compatibility and changes nothing. Default `true`.
   */
  readonly token?: boolean;
  /** The answer's field holding the stored path. Default `'message'` (§3). */
  readonly responseName?: string;
  /** The upload button's text. Default `'点击上传'`. */
  readonly btnText?: string;
  /** Files can be downloaded. Default `true`. */
  readonly allowDownload?: boolean;
  /** Files can be removed. Default `true`. */
  readonly allowRemove?: boolean;
  /** Most files 更多 holds (the column's uploadnum); 0: no limit. Default `0`. */
  readonly number?: number;
  /** The folder uploads go to. Default `'temp'`. */
  readonly biz?: string;
}

export const uploadProps = defineProps<UploadProps>()(
  {
    action: {
      type: 'string',
      pattern: '^/',
      maxLength: 500,
      description: '上传地址（本站路径，以 / 开头；默认为系统上传接口）',
    },
    token: { type: 'boolean', description: '发送登录令牌（始终发送，保留以兼容）' },
    responseName: {
      type: 'string',
      minLength: 1,
      maxLength: 50,
      description: '返回结果中存放文件路径的字段',
    },
    btnText: { type: 'string', minLength: 1, maxLength: 20, description: '上传按钮文字' },
    allowDownload: { type: 'boolean', description: '允许下载' },
    allowRemove: { type: 'boolean', description: '允许删除' },
    number: { type: 'integer', minimum: 0, maximum: 100, description: '最多文件数（0 不限）' },
    biz: BIZ_SCHEMA,
  },
  {
    token: true,
    responseName: 'message',
    btnText: '点击上传',
    allowDownload: true,
    allowRemove: true,
    number: 0,
    biz: 'temp',
  },
);

export const uploadEntry = defineEntry({
  type: 'upload',
  title: '上传',
  props: uploadProps,
  value: 'files',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});

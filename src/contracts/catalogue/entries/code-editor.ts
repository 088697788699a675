import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** widgets.md §9: the code editor's modes, in the order the language selector offers them. */
export const CODE_LANGUAGES = [
  'css',
  'javascript',
  'html',
  'java',
  'objective-c',
  'python',
  'r',
  'shell',
  'sql',
  'swift',
  'vue',
  'markdown',
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** widgets.md §9 "Code editor": tab size 2, height 240 px, fullscreen z-index 999. */
export const CODE_TAB_SIZE = 2;
export const CODE_EDITOR_HEIGHT = 240;
export const CODE_FULLSCREEN_Z_INDEX = 999;
/** widgets.md §9: the value is put into the editor 300 ms after it mounts. */
export const CODE_CONTENT_DELAY_MS = 300;

/** Props of `code-editor` (widgets.md §2.3): source code in a monaco editor, held as text. */
export interface CodeEditorProps {
  /** The editor's mode. Default `'javascript'`. */
  readonly language?: CodeLanguage;
  /** Shows the language selector (the choice is not stored). Default `false`. */
  readonly languageChange?: boolean;
  /** Shows the fullscreen toggle. Default `false`. */
  readonly fullScreen?: boolean;
  /** Height of the editor in px. Default `240`. */
  readonly height?: number;
  /** z-index of the fullscreen overlay. Default `999`. */
  readonly zIndex?: number;
}

export const codeEditorProps = defineProps<CodeEditorProps>()(
  {
    language: { enum: [...CODE_LANGUAGES], description: '语言' },
    languageChange: { type: 'boolean', description: '显示语言选择' },
    fullScreen: { type: 'boolean', description: '显示全屏按钮' },
    height: { type: 'integer', minimum: 60, maximum: 5000, description: '编辑器高度（像素）' },
    zIndex: { type: 'integer', minimum: 0, maximum: 100000, description: '全屏时的 z-index' },
  },
  {
    language: 'javascript',
    languageChange: false,
    fullScreen: false,
    height: CODE_EDITOR_HEIGHT,
    zIndex: CODE_FULLSCREEN_Z_INDEX,
  },
);

export const codeEditorEntry = defineEntry({
  type: 'code-editor',
  title: '代码编辑器',
  props: codeEditorProps,
  value: 'string',
  queryRule: 'like',
  grid: { width: 200, text: 'value' },
  lookups: [],
});

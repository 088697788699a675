/**
 * Preset validation patterns of widgets.md §5, shared by the browser (forms, grid cells) and
 * the server (import rows, saves). Empty values skip patterns; `*` means required.
 */
export interface PatternPreset {
  readonly regex: RegExp;
  /** Default message; `${title}` is the field label. */
  readonly message: string;
}

export const PATTERN_PRESETS: Readonly<Record<string, PatternPreset>> = {
  'n6-16': { regex: /^\d{6,16}$/, message: '请输入6到16位数字' },
  '*6-16': { regex: /^[\s\S]{6,16}$/, message: '请输入6到16位任意字符' },
  's6-18': { regex: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母' },
  url: {
    regex: /^(https?|ftp):\/\/[\w-]+(\.[\w-]+)+([\w.,@?^=%&:/~+#-]*[\w@?^=%&/~+#-])?$/,
    message: '请输入正确的网址',
  },
  e: { regex: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, message: '请输入正确的电子邮件' },
  m: { regex: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  p: { regex: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  s: { regex: /^[A-Za-z]+$/, message: '请输入字母' },
  n: { regex: /^-?\d+(\.\d+)?$/, message: '请输入数字' },
  z: { regex: /^-?\d+$/, message: '请输入整数' },
  money: { regex: /^(([1-9]\d*)(\.\d{1,2})?|0\.\d{1,2})$/, message: '请输入正确的金额' },
};

/** `*`: the value must not be empty (the preset that sets required). */
export const REQUIRED_PRESET = '*';
/** `only`: no two rows may hold the same value (grids). */
export const UNIQUE_PRESET = 'only';

export const MSG_REQUIRED = '${title}不能为空';
export const MSG_PATTERN = '${title}格式不正确';

/** Replaces `${title}` (and `${key}`) in a rule message. */
export function ruleMessage(template: string, title: string, key = ''): string {
  return template.replace(/\$\{title\}/g, title).replace(/\$\{key\}/g, key);
}

/** True when the value counts as empty for `required`. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The regex a `pattern` stands for: a preset, or the text as a regular expression. Null for
 * `*` / `only` (not patterns) and for text that is not a valid regular expression.
 */
export function patternRegex(pattern: string): RegExp | null {
  if (pattern === REQUIRED_PRESET || pattern === UNIQUE_PRESET) return null;
  const preset = PATTERN_PRESETS[pattern];
  if (preset) return preset.regex;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

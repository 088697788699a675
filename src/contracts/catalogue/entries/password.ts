import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `password`: one line of secret text, masked while typed and never shown read-only. */
export interface PasswordProps {
  /** Longest text accepted, in characters. Default: no limit. */
  readonly maxLength?: number;
  /** Shows the eye icon that reveals what was typed. Default `true`. */
  readonly visibilityToggle?: boolean;
}

export const passwordProps = defineProps<PasswordProps>()(
  {
    maxLength: { type: 'integer', minimum: 1, maximum: 1000, description: '最多输入的字符数' },
    visibilityToggle: { type: 'boolean', description: '显示切换明文的眼睛图标' },
  },
  { visibilityToggle: true },
);

export const passwordEntry = defineEntry({
  type: 'password',
  title: '密码',
  props: passwordProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});

import { AutoComplete, Form, Input, Select } from 'antd';
import {
  formReadOnlyOf,
  formSpanOf,
  formWith,
  inForm,
  isPresetPattern,
  patternOf,
  rulesWithPattern,
} from '../../../../contracts/designer/field-settings';
import type { FieldListRef } from '../../../../contracts/designer/ops';
import type { FieldDefinition } from '../../../../contracts/page';
import type { ApplyOp } from './FieldTable';

export interface FieldSettingsProps {
  readonly field: FieldDefinition;
  readonly index: number;
  readonly list: FieldListRef;
  /** Fields per row of the edit form (the page's, or the engine's automatic choice). */
  readonly columns: number;
  /** The groups other fields of the form name (offered for this one). */
  readonly groups: readonly string[];
  readonly readOnly: boolean;
  readonly apply: ApplyOp;
}

const READ_ONLY_OPTIONS = [
  { value: 'no', label: '可编辑' },
  { value: 'always', label: '只读' },
  { value: 'edit', label: '编辑时只读' },
] as const;

/**
 * The selected field in the edit form: its group, how many of the row's columns it takes,
 * whether it is read-only, its placeholder, and a pattern of the author's own with its message.
 */
export function FieldSettings({
  field,
  index,
  list,
  columns,
  groups,
  readOnly,
  apply,
}: FieldSettingsProps) {
  const ref = list.detail === undefined ? {} : { detail: list.detail };
  const undoGroup = (key: string) => `settings:${list.detail ?? 'main'}:${index}:${key}`;
  const set = (key: 'form' | 'placeholder' | 'validateRules', value: unknown, typing = false) =>
    apply({ op: 'setField', ...ref, index, key, value }, typing ? undoGroup(key) : null);
  const span = formSpanOf(field);
  const spanColumns = span === null ? 1 : Math.max(1, Math.round((span * columns) / 24));
  const pattern = patternOf(field);
  const custom = pattern && !isPresetPattern(pattern.pattern) ? pattern : null;
  const group = typeof field.form === 'object' ? (field.form.group ?? '') : '';
  const readOnlyValue = { false: 'no', true: 'always', edit: 'edit' }[
    String(formReadOnlyOf(field))
  ];

  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="field-settings">
      {inForm(field) && columns > 1 && (
        <Form.Item label="表单中占列">
          <Select
            aria-label="表单中占列"
            value={spanColumns}
            options={Array.from({ length: columns }, (_, i) => ({
              value: i + 1,
              label: i + 1 === columns ? `${i + 1} 列（整行）` : `${i + 1} 列`,
            }))}
            onChange={(n: number) =>
              set('form', formWith(field, 'span', n === 1 ? null : Math.round((24 * n) / columns)))
            }
          />
        </Form.Item>
      )}
      {inForm(field) && list.detail === undefined && (
        <Form.Item label="分组" extra="同一分组的字段画在一起；分组显示为分区或标签页（页面设置）">
          <AutoComplete
            aria-label="分组"
            value={group}
            placeholder="不分组"
            allowClear
            options={groups.filter((g) => g !== group).map((g) => ({ value: g, label: g }))}
            onChange={(value: string) =>
              set(
                'form',
                formWith(field, 'group', value.trim() ? value.trim().slice(0, 50) : null),
                true,
              )
            }
          />
        </Form.Item>
      )}
      {inForm(field) && (
        <Form.Item label="表单中">
          <Select
            aria-label="表单中只读"
            value={readOnlyValue}
            options={[...READ_ONLY_OPTIONS]}
            onChange={(value: string) =>
              set(
                'form',
                formWith(
                  field,
                  'readOnly',
                  value === 'no' ? null : value === 'edit' ? 'edit' : true,
                ),
              )
            }
          />
        </Form.Item>
      )}
      <Form.Item label="提示文字">
        <Input
          aria-label="提示文字"
          value={field.placeholder ?? ''}
          placeholder="默认：请输入 / 请选择 + 标题"
          onChange={(e) => set('placeholder', e.target.value || undefined, true)}
        />
      </Form.Item>
      {custom && (
        <>
          <Form.Item label="正则表达式" required>
            <Input
              aria-label="正则表达式"
              value={custom.pattern}
              onChange={(e) =>
                set(
                  'validateRules',
                  rulesWithPattern(field, { ...custom, pattern: e.target.value || '^.*$' }),
                  true,
                )
              }
            />
          </Form.Item>
          <Form.Item label="校验提示" extra="${title} 代表字段标题">
            <Input
              aria-label="校验提示"
              value={custom.message ?? ''}
              onChange={(e) =>
                set(
                  'validateRules',
                  rulesWithPattern(field, {
                    pattern: custom.pattern,
                    ...(e.target.value ? { message: e.target.value } : {}),
                  }),
                  true,
                )
              }
            />
          </Form.Item>
        </>
      )}
    </Form>
  );
}

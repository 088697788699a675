import { Button, Col, Row, Select, Space } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { QueryRule } from '../../../../src/contracts/page';
import {
  MSG_ADD_CONDITION,
  MSG_FIELD_PLACEHOLDER,
  MSG_REMOVE_CONDITION,
  MSG_RULE_PLACEHOLDER,
  RULE_LABELS,
} from './messages';
import { rulesFor, withField, withRule, type ConditionRow } from './model';
import type { SuperQueryField } from './query-fields';
import { ValueInput } from './ValueInput';

export interface ConditionRowEditorProps {
  readonly row: ConditionRow;
  /** 1-based, for the controls' accessible names (字段 1, 规则 1, 值 1). */
  readonly index: number;
  readonly fields: readonly SuperQueryField[];
  readonly onChange: (row: ConditionRow) => void;
  readonly onAdd: () => void;
  readonly onRemove: () => void;
}

const ruleOptions = (rules: readonly QueryRule[]) =>
  rules.map((rule) => ({ value: rule, label: RULE_LABELS[rule] }));

/** One condition: 字段 (the page's fields only), 规则, the value typed by the field, + and −. */
export function ConditionRowEditor({
  row,
  index,
  fields,
  onChange,
  onAdd,
  onRemove,
}: ConditionRowEditorProps) {
  const field = fields.find((f) => f.name === row.field);
  return (
    <Row gutter={[8, 8]} className="sa-super-query-row" data-condition-row={index} align="middle">
      <Col xs={24} md={7}>
        <Select
          aria-label={`字段 ${index}`}
          style={{ width: '100%' }}
          showSearch
          allowClear
          virtual={false}
          optionFilterProp="label"
          placeholder={MSG_FIELD_PLACEHOLDER}
          options={fields.map((f) => ({ value: f.name, label: f.label }))}
          value={field ? field.name : undefined}
          onChange={(name: string | undefined) =>
            onChange(withField(row, name, fields.find((f) => f.name === name)?.kind))
          }
        />
      </Col>
      <Col xs={24} md={5}>
        <Select
          aria-label={`规则 ${index}`}
          style={{ width: '100%' }}
          virtual={false}
          placeholder={MSG_RULE_PLACEHOLDER}
          options={ruleOptions(rulesFor(field?.kind ?? 'text'))}
          value={row.rule}
          onChange={(rule: QueryRule) => onChange(withRule(row, rule, field?.kind ?? 'text'))}
        />
      </Col>
      <Col flex="1 1 0" style={{ minWidth: 0 }}>
        <ValueInput
          label={`值 ${index}`}
          field={field}
          rule={row.rule}
          value={row.val}
          onChange={(val) => {
            const { val: _dropped, ...rest } = row;
            onChange(val === undefined ? rest : { ...rest, val });
          }}
        />
      </Col>
      <Col flex="none">
        <Space size={4}>
          <Button
            aria-label={MSG_ADD_CONDITION}
            title={MSG_ADD_CONDITION}
            icon={<PlusOutlined />}
            onClick={onAdd}
          />
          <Button
            aria-label={MSG_REMOVE_CONDITION}
            title={MSG_REMOVE_CONDITION}
            icon={<MinusOutlined />}
            onClick={onRemove}
          />
        </Space>
      </Col>
    </Row>
  );
}

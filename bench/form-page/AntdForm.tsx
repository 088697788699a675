import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { MSG_REQUIRED, PATTERN_PRESETS, ruleMessage } from '../../src/contracts/validate-presets';
import {
  BENCH_COLUMNS,
  BENCH_LABEL_WIDTH,
  BENCH_TITLE,
  benchOptions,
  type BenchField,
} from './definition';

/**
 * The baseline of the form bench: the same fields written by hand as one antd `Form` — same
 * types, labels, placeholders, rules and messages (required on every field, a number pattern on
 * a third of the text fields, first failing rule only), three columns (`Row`/`Col`), 90 px
 * labels, 提交 and 重置 under it, in the same card. Every field mounts at once (what a
 * hand-written form does); antd validates on change and on submit.
 */
const antOptions = benchOptions.map((o) => ({ value: o.value, label: o.text }));
const NUMBER = PATTERN_PRESETS.n!;

function control(field: BenchField) {
  switch (field.type) {
    case 'inputNumber':
      return <InputNumber placeholder={field.placeholder} style={{ width: '100%' }} />;
    case 'select':
      return <Select placeholder={field.placeholder} options={antOptions} />;
    case 'textarea':
      return <Input.TextArea placeholder={field.placeholder} rows={4} />;
    case 'switch':
      return <Switch />;
    case 'radio':
      return <Radio.Group options={antOptions} />;
    default:
      return <Input placeholder={field.placeholder} />;
  }
}

function rules(field: BenchField): Rule[] {
  const required: Rule = { required: true, message: ruleMessage(MSG_REQUIRED, field.label) };
  if (!field.numberPattern) return [required];
  return [required, { pattern: NUMBER.regex, message: NUMBER.message }];
}

export function AntdForm({ fields }: { readonly fields: readonly BenchField[] }) {
  const [form] = Form.useForm();
  return (
    <Card variant="borderless" title={BENCH_TITLE}>
      <Form form={form} labelCol={{ flex: `${BENCH_LABEL_WIDTH}px` }} labelWrap>
        <Row gutter={16}>
          {fields.map((field) => (
            <Col key={field.name} span={24 / BENCH_COLUMNS}>
              <Form.Item
                name={field.name}
                label={field.label}
                rules={rules(field)}
                validateFirst
                {...(field.type === 'switch' ? { valuePropName: 'checked' } : {})}
              >
                {control(field)}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit">
            提交
          </Button>
          <Button onClick={() => form.resetFields()}>重置</Button>
        </Space>
      </Form>
    </Card>
  );
}

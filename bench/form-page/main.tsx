import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, Input, InputNumber, Radio, Select, Switch } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { EngineProvider, PageView } from '../../registry/engine';
import { benchServices } from './bench-services';
import { benchDefinition, benchFieldType, benchOptions } from './definition';
import { watchFormKeystrokes, whenRendered } from './probe';

const params = new URLSearchParams(window.location.search);
const mode = (['bare', 'bare300'] as const).find((m) => m === params.get('mode')) ?? 'form';
const count = Number(params.get('fields') ?? 300);
const strict = params.has('strict');

const services = benchServices();
const definition = benchDefinition(count);
const antOptions = benchOptions.map((o) => ({ value: o.value, label: o.text }));

/** One bare antd control of a field type, uncontrolled, no form library. */
function BareControl({ type, label }: { readonly type: string; readonly label: string }) {
  const placeholder = `请输入${label}`;
  switch (type) {
    case 'inputNumber':
      return <InputNumber placeholder={placeholder} style={{ width: '100%' }} />;
    case 'select':
      return <Select placeholder={placeholder} options={antOptions} style={{ width: '100%' }} />;
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} />;
    case 'switch':
      return <Switch />;
    case 'radio':
      return <Radio.Group options={antOptions} />;
    default:
      return <Input placeholder={placeholder} />;
  }
}

/** The floor of first render: the same 300 antd controls with labels, no form library. */
function BareFields({ count: n }: { readonly count: number }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: 16,
        padding: 24,
      }}
    >
      {Array.from({ length: n }, (_, i) => (
        <div key={i} style={{ display: 'flex', gap: 8 }}>
          <label style={{ width: 90, flex: 'none' }}>字段{i + 1}</label>
          <div className="sa-field-control" style={{ flex: 1, minWidth: 0 }}>
            <BareControl type={benchFieldType(i)} label={`字段${i + 1}`} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The keystroke baseline: a plain antd Input (in the form page too, above the form). */
const bareInput = (
  <div style={{ padding: '8px 24px', maxWidth: 400 }}>
    <Input aria-label="bare" placeholder="输入" />
  </div>
);

const page =
  mode === 'bare300' ? (
    <BareFields count={count} />
  ) : mode === 'bare' ? (
    bareInput
  ) : (
    <>
      {bareInput}
      <EngineProvider services={services}>
        <PageView definition={definition} />
      </EngineProvider>
    </>
  );

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <AntApp>{strict ? <StrictMode>{page}</StrictMode> : page}</AntApp>
  </ConfigProvider>,
);
whenRendered(mode === 'bare' ? 0 : count, start);
watchFormKeystrokes();

import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, Input } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { EngineContext, PageView } from '../../registry/engine';
import { benchServices } from './bench-services';
import { benchDefinition } from './definition';
import { watchKeystrokes, whenRendered } from './probe';

const params = new URLSearchParams(window.location.search);
const mode = (['bare', 'bare300'] as const).find((m) => m === params.get('mode')) ?? 'form';
const count = Number(params.get('fields') ?? 300);
const strict = params.has('strict');

const services = benchServices();
const definition = benchDefinition(count);

/** The floor: the same number of antd inputs with labels, no form library. */
function BareInputs({ count: n }: { readonly count: number }) {
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
        <div key={i} className="sa-field-control" style={{ display: 'flex', gap: 8 }}>
          <label style={{ width: 90, flex: 'none' }}>字段{i + 1}</label>
          <Input placeholder={`请输入字段${i + 1}`} />
        </div>
      ))}
    </div>
  );
}

const page =
  mode === 'bare300' ? (
    <BareInputs count={count} />
  ) : mode === 'bare' ? (
    <div style={{ padding: 24, maxWidth: 400 }}>
      <Input aria-label="bare" placeholder="输入" />
    </div>
  ) : (
    <EngineContext.Provider value={services}>
      <PageView definition={definition} />
    </EngineContext.Provider>
  );

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <AntApp>{strict ? <StrictMode>{page}</StrictMode> : page}</AntApp>
  </ConfigProvider>,
);
whenRendered(mode === 'bare' ? 1 : count, start);
watchKeystrokes();

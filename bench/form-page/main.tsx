import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { EngineProvider, PageView } from '../../registry/engine';
import { AntdForm } from './AntdForm';
import { benchServices } from './bench-services';
import { benchDefinition, benchFields } from './definition';
import { ANTD_MARKUP, ENGINE_MARKUP, watchForm, watchFormKeystrokes } from './probe';

/**
 * `?form=ours` (default): the page engine's `PageView` drawing a 300-field `form` page
 * definition; `?form=antd`: the same fields as a hand-written antd Form (`AntdForm.tsx`).
 * `&fields=n` changes the count. Both render in the same host (antd's ConfigProvider with
 * zh-CN and App); the engine's services are made before the render call.
 */
const params = new URLSearchParams(window.location.search);
const antd = params.get('form') === 'antd';
const count = Number(params.get('fields') ?? 300);

const services = benchServices();
const definition = benchDefinition(count);
const fields = benchFields(count);

const page = antd ? (
  <AntdForm fields={fields} />
) : (
  <EngineProvider services={services}>
    <PageView definition={definition} />
  </EngineProvider>
);

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <AntApp>{page}</AntApp>
  </ConfigProvider>,
);
watchForm(antd ? ANTD_MARKUP : ENGINE_MARKUP, count, start);
watchFormKeystrokes();

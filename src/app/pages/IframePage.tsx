import { Result } from 'antd';
import type { ScreenProps } from '../router/screens';

/** An external page shown inside the app (menu component layouts/IframePageView). */
export default function IframePage({ route }: ScreenProps) {
  const url = route.meta.url;
  if (!url || !/^https?:\/\//.test(url)) {
    return <Result status="warning" title="无效的页面地址" subTitle={url ?? '（空）'} />;
  }
  return (
    <iframe
      title={route.meta.title}
      src={url}
      style={{
        width: '100%',
        height: 'calc(100vh - 200px)',
        minHeight: 400,
        border: 0,
        background: '#fff',
      }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  );
}

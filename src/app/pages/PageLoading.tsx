import { Spin } from 'antd';

export function PageLoading({ tip = '加载中…' }: { readonly tip?: string }) {
  return (
    <div
      style={{
        display: 'flex',
        minHeight: 240,
        height: '100%',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Spin size="large" tip={tip}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}

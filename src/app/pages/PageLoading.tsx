import { Spin } from 'antd';

/**
 * Waits this long before the spinner shows: a chunk or definition that arrives sooner leaves
 * the area blank instead of flashing 加载中… just before the page.
 */
export const PAGE_LOADING_DELAY_MS = 300;

export function PageLoading({ tip = '加载中…' }: { readonly tip?: string }) {
  return (
    <div
      className="sa-page-loading"
      style={{
        display: 'flex',
        minHeight: 240,
        height: '100%',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Spin size="large" tip={tip} delay={PAGE_LOADING_DELAY_MS}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}

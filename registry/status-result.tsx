import { Component, Suspense, lazy, type ReactNode } from 'react';
import type { ResultProps } from 'antd';

/**
 * antd's Result (an illustration, a title, a subtitle, buttons), loaded the first time one is
 * shown: screens that work never download it, only those that fail or are missing. While it
 * loads, or if its code cannot be loaded (the network is what failed), the same texts and
 * buttons show plainly.
 */
const Result = lazy(() => import('antd/es/result'));

function Plain({ title, subTitle, extra, children }: ResultProps) {
  return (
    <div role="status" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 24, marginBottom: 8 }}>{title}</div>
      {subTitle && <div style={{ marginBottom: 24, opacity: 0.65 }}>{subTitle}</div>}
      {extra}
      {children}
    </div>
  );
}

class PlainOnFailure extends Component<
  { readonly plain: ReactNode; readonly children: ReactNode },
  { readonly failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.plain : this.props.children;
  }
}

export function StatusResult(props: ResultProps) {
  const plain = <Plain {...props} />;
  return (
    <PlainOnFailure plain={plain}>
      <Suspense fallback={plain}>
        <Result {...props} />
      </Suspense>
    </PlainOnFailure>
  );
}

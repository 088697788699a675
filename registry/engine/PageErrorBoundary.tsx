import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { PagePanel } from '../page-panel';
import { StatusResult } from '../status-result';
import { pageName } from './messages';

interface Props {
  readonly code: string | null;
  readonly title: string | null;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
}

/** A page that throws while rendering shows what broke where it would be, not a blank screen. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page engine: render failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <PagePanel data-testid="page-render-error">
        <StatusResult
          status="error"
          title={`页面 ${pageName(this.props.code, this.props.title)} 显示出错`}
          subTitle={error.message}
          extra={
            <Button type="primary" onClick={() => this.setState({ error: null })}>
              重试
            </Button>
          }
        />
      </PagePanel>
    );
  }
}

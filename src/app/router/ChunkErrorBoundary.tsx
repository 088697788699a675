import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { MSG_CHUNK_LOAD_FAILED } from './lazy-page';

interface State {
  readonly error: Error | null;
}

/** Shows a load error (with a reload button) instead of a blank screen when a chunk fails. */
export class ChunkErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="warning"
        title={MSG_CHUNK_LOAD_FAILED}
        subTitle={
          this.state.error.message === MSG_CHUNK_LOAD_FAILED ? null : this.state.error.message
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
}

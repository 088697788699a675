import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { StatusResult } from '../../../registry/status-result';
import { MSG_CHUNK_LOAD_FAILED } from './lazy-page';

export const MSG_PAGE_CRASHED = '页面出错了，请刷新后重试';

/** Errors of a chunk that did not arrive (timeout, network, a deploy replaced the files). */
function isChunkLoadError(error: Error): boolean {
  return (
    error.message === MSG_CHUNK_LOAD_FAILED ||
    /dynamically imported module|Importing a module script failed|Loading (CSS )?chunk/i.test(
      error.message,
    )
  );
}

interface State {
  readonly error: Error | null;
}

/**
 * Shows a load error (when a page chunk failed) or a crash notice, with a reload button,
 * instead of a blank screen.
 */
export class ChunkErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <StatusResult
        status={chunk ? 'warning' : 'error'}
        title={chunk ? MSG_CHUNK_LOAD_FAILED : MSG_PAGE_CRASHED}
        subTitle={chunk ? null : error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
}

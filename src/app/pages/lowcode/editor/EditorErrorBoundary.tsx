import { Component, type ReactNode } from 'react';
import { Alert } from 'antd';

interface State {
  readonly failed: boolean;
}

/**
 * When monaco's chunk cannot load (or it throws), the plain text editor takes its place with a
 * notice: the text lives in the screen's state, so nothing typed is lost.
 */
export class EditorErrorBoundary extends Component<
  { readonly children: ReactNode; readonly fallback: ReactNode },
  State
> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.warn('code editor failed, using the plain text editor', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Alert type="warning" banner message="代码编辑器加载失败，已改用纯文本编辑。" />
        <div style={{ flex: 1, minHeight: 0 }}>{this.props.fallback}</div>
      </div>
    );
  }
}

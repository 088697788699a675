import type { MessageLevel, MessageMode } from '../contracts/envelope';

/**
 * How the runtime shows things to the user. The runtime has no UI of its own: the app shell
 * supplies an implementation (antd), tests supply a recorder.
 */
export interface Presenter {
  /** A transient message at the top of the page. */
  message(level: MessageLevel, text: string): void;
  /** A notification in the corner, with a title. */
  notify(level: MessageLevel, title: string, description: string): void;
  /** A blocking dialog; resolves when the user presses the (single) button. */
  modal(level: MessageLevel, title: string, content: string, okText: string): Promise<void>;
}

/** Shows `text` the way the server asked (envelope `messageMode` / `messageLevel`). */
export function presentServerMessage(
  presenter: Presenter,
  mode: MessageMode,
  level: MessageLevel,
  text: string,
): void {
  if (!text || mode === 'none') return;
  if (mode === 'notification') presenter.notify(level, '系统提示', text);
  else if (mode === 'modal') void presenter.modal(level, '系统提示', text, '确定');
  else presenter.message(level, text);
}

/** A presenter that shows nothing (server-side rendering, some tests). */
export const silentPresenter: Presenter = {
  message: () => undefined,
  notify: () => undefined,
  modal: () => Promise.resolve(),
};

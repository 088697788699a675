import { App, Modal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd';

export interface Feedback {
  readonly message: MessageInstance;
  readonly modal: { readonly error: (config: ModalFuncProps) => unknown };
}

/**
 * antd's message and modal of the host's `<App>`, or antd's global ones where a widget is drawn
 * outside one (a bare test, an embedding page).
 */
export function useFeedback(): Feedback {
  const app = App.useApp();
  const message = typeof app.message.error === 'function' ? app.message : staticMessage;
  const modal: Feedback['modal'] =
    typeof app.modal.error === 'function' ? app.modal : { error: Modal.error };
  return { message, modal };
}

import { message, Modal, notification } from 'antd';
import type { Presenter } from '../runtime/presenter';

/** The runtime's presenter on antd's message, notification and modal (4 s notifications). */
export const antdPresenter: Presenter = {
  message(level, text) {
    void message[level](text);
  },
  notify(level, title, description) {
    notification[level]({ message: title, description, duration: 4 });
  },
  modal(level, title, content, okText) {
    return new Promise<void>((resolve) => {
      const open = level === 'success' ? Modal.success : Modal[level];
      open({ title, content, okText, mask: true, maskClosable: false, onOk: () => resolve() });
    });
  },
};

import { message, Modal, notification } from 'antd';
import type { MessageLevel } from '../contracts/envelope';

export function showMessage(level: MessageLevel, text: string): void {
  void message[level](text);
}

export function showNotification(level: MessageLevel, title: string, description: string): void {
  notification[level]({ message: title, description, duration: 4 });
}

export function showModal(
  level: MessageLevel,
  title: string,
  content: string,
  okText: string,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const open = level === 'success' ? Modal.success : Modal[level];
    open({ title, content, okText, mask: true, maskClosable: false, onOk: () => resolve() });
  });
}

import type { Presenter } from '../runtime/presenter';

// antd's message, notification and modal (with Modal's button tree) load on first use, so the
// login screen does not pay for them.
const antd = () => import('./presenter-antd');

/** The runtime's presenter on antd's message, notification and modal (4 s notifications). */
export const antdPresenter: Presenter = {
  message(level, text) {
    void antd().then((m) => m.showMessage(level, text));
  },
  notify(level, title, description) {
    void antd().then((m) => m.showNotification(level, title, description));
  },
  modal(level, title, content, okText) {
    return antd().then((m) => m.showModal(level, title, content, okText));
  },
};

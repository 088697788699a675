import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Modal, message, type ModalFuncProps } from 'antd';

/** Messages and confirmations the grid shows (row moves, 子表 failure, delete confirmation). */
export interface Feedback {
  warning(text: string): void;
  error(text: string): void;
  confirm(config: ModalFuncProps): void;
}

interface Apis {
  readonly message: ReturnType<typeof message.useMessage>[0];
  readonly modal: ReturnType<typeof Modal.useModal>[0];
}

type Job = (apis: Apis) => void;

/** antd's message and modal hooks with their holders; mounted on first use. */
function FeedbackHolders({ onReady }: { readonly onReady: (apis: Apis) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, modal: modalApi });
  }, [onReady, messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}

/**
 * Feedback through antd's hook APIs (they follow ConfigProvider and need no static render),
 * mounted only when the grid first has something to say: the holders inject antd styles, which
 * a grid that never warns should not pay for when it mounts.
 */
export function useFeedback(): { feedback: Feedback; holder: ReactNode } {
  const [active, setActive] = useState(false);
  const apis = useRef<Apis | null>(null);
  const queue = useRef<Job[]>([]);

  const run = useCallback((job: Job) => {
    if (apis.current) {
      job(apis.current);
      return;
    }
    queue.current.push(job);
    setActive(true);
  }, []);

  const onReady = useCallback((ready: Apis) => {
    apis.current = ready;
    const jobs = queue.current;
    queue.current = [];
    for (const job of jobs) job(ready);
  }, []);

  const feedback = useMemo(
    (): Feedback => ({
      warning: (text) => run((a) => void a.message.warning(text)),
      error: (text) => run((a) => void a.message.error(text)),
      confirm: (config) => run((a) => void a.modal.confirm(config)),
    }),
    [run],
  );

  return { feedback, holder: active ? <FeedbackHolders onReady={onReady} /> : null };
}

import { useState } from 'react';
import { Input, Modal } from 'antd';
import { MSG_CANCEL, MSG_OK, MSG_SAVE_NAME_PROMPT } from './messages';

export interface SaveQueryPromptProps {
  /** The name typed; the caller checks it and closes the prompt when it is saved. */
  readonly onOk: (name: string) => void;
  readonly onCancel: () => void;
}

/** 请输入保存的名称: one text box; Enter is OK. Mounted while shown, so it opens empty. */
export function SaveQueryPrompt({ onOk, onCancel }: SaveQueryPromptProps) {
  const [name, setName] = useState('');
  return (
    <Modal
      open
      title={MSG_SAVE_NAME_PROMPT}
      width={400}
      okText={MSG_OK}
      cancelText={MSG_CANCEL}
      onOk={() => onOk(name.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input
        aria-label={MSG_SAVE_NAME_PROMPT}
        autoFocus
        maxLength={50}
        placeholder={MSG_SAVE_NAME_PROMPT}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => onOk(name.trim())}
      />
    </Modal>
  );
}

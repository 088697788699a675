import { Button, Input, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { CRON_DIALOG_WIDTH } from '../../src/contracts/catalogue/entries/cron';
import {
  buildCron,
  defaultState,
  parseCron,
  previewExpression,
  setPart,
  shownParts,
  type CronShape,
  type CronState,
  type PartKey,
} from './cron-state';
import { CronPreview } from './CronPreview';
import { PartTab } from './tabs/PartTab';
import { TAB_TITLES } from './tabs/labels';
import './cron.css';

export interface CronDialogProps {
  readonly open: boolean;
  /** The expression to read into the tabs; empty: the defaults. */
  readonly value: string;
  readonly variant: 'full' | 'compact';
  readonly hideSecond: boolean;
  readonly hideYear: boolean;
  /** 确定: the built expression. */
  readonly onOk: (expression: string) => void;
  /** 关闭 (or the close icon): nothing is emitted. */
  readonly onClose: () => void;
  /** Computes the preview's times elsewhere (the server) instead of in the browser. */
  readonly remote?: (expression: string) => Promise<string[]>;
}

/** The builder (widgets.md §2.4): one tab per part, the whole expression and a preview. */
export function CronDialog(props: CronDialogProps) {
  const { open, value, variant } = props;
  const shape: CronShape = { hideSecond: props.hideSecond, hideYear: props.hideYear };
  const [state, setState] = useState<CronState>(defaultState);
  const [text, setText] = useState('');

  // Each opening reads the given expression, or loads the defaults.
  useEffect(() => {
    if (!open) return;
    const read = value.trim() === '' ? null : parseCron(value, shape);
    const next = read ?? defaultState();
    setState(next);
    setText(read ? value.trim() : buildCron(next, shape));
    // The shape is fixed while the dialog is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, value]);

  const changeTab = (key: PartKey, part: CronState[PartKey]) => {
    const next = setPart(state, key, part);
    setState(next);
    setText(buildCron(next, shape));
  };

  const typeText = (typed: string) => {
    setText(typed);
    const read = parseCron(typed, shape);
    if (read) setState(read);
  };

  const keys = shownParts(shape).filter((k) => variant === 'full' || k !== 'week');
  const items = keys.map((key) => ({
    key,
    label: TAB_TITLES[key],
    children: (
      <PartTab
        partKey={key}
        state={state[key]}
        noneDisabled={
          (key === 'day' && state.week.mode === 'none') ||
          (key === 'week' && state.day.mode === 'none')
        }
        onChange={(part) => changeTab(key, part)}
      />
    ),
  }));

  return (
    <Modal
      open={open}
      title={text || 'Cron表达式'}
      width={CRON_DIALOG_WIDTH[variant]}
      onCancel={props.onClose}
      destroyOnHidden
      className="cron-dialog"
      footer={[
        <Button key="close" onClick={props.onClose}>
          关闭
        </Button>,
        <Button key="ok" type="primary" onClick={() => props.onOk(text.trim())}>
          确定
        </Button>,
      ]}
    >
      <Tabs items={items} size="small" />
      <div className="cron-expression">
        <span>表达式</span>
        <Input aria-label="Cron表达式" value={text} onChange={(e) => typeText(e.target.value)} />
      </div>
      <CronPreview expression={previewExpression(text, shape)} remote={props.remote} />
    </Modal>
  );
}

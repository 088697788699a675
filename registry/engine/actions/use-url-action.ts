import { useCallback, useState } from 'react';
import { App } from 'antd';
import type { ActionDefinition, ActionForm } from '../../../src/contracts/page';
import { useEngine } from '../context';
import { MSG_CANCEL, MSG_OK, noUrlMessage } from '../messages';
import { actionLabel } from '../page-model';
import { actionPayload, callActionUrl, type ActionTarget } from './action-payload';

/** A `url` action waiting for the values of its form. */
export interface AskedForm {
  readonly action: ActionDefinition;
  readonly form: ActionForm;
  readonly target: ActionTarget;
}

export interface UrlAction {
  /** Confirm (when set), then ask the form (when set) or call right away. */
  run(action: ActionDefinition, target: ActionTarget): void;
  /** The form being asked, if any. */
  readonly asked: AskedForm | null;
  /** Sends the asked form's values; true (and the form is done) when the server agreed. */
  submit(values: Readonly<Record<string, unknown>>): Promise<boolean>;
  /** Drops the asked form without a call. */
  cancel(): void;
}

/**
 * The custom `url` actions of a list: confirm, form, the call with its data
 * (`actionPayload`, with the page's `bound` values), the server's message. `onDone` runs after
 * each call the server agreed to (the list reloads); a refusal shows its message and leaves an
 * asked form open.
 */
export function useUrlAction(
  onDone: () => void,
  bound: Readonly<Record<string, string>>,
): UrlAction {
  const { http } = useEngine();
  const { message, modal } = App.useApp();
  const [asked, setAsked] = useState<AskedForm | null>(null);

  const send = useCallback(
    async (
      action: ActionDefinition,
      target: ActionTarget,
      values?: Readonly<Record<string, unknown>>,
    ) => {
      if (!action.url) return false;
      try {
        const data = actionPayload(action, target, values, bound);
        const envelope = await callActionUrl(http, action.url, action.method ?? 'post', data);
        if (!envelope.success) {
          void message.warning(envelope.message);
          return false;
        }
        void message.success(envelope.message);
        onDone();
        return true;
      } catch {
        return false; // shown by the runtime
      }
    },
    [http, message, onDone, bound],
  );

  const run = useCallback(
    (action: ActionDefinition, target: ActionTarget) => {
      if (!action.url) {
        void message.error(noUrlMessage(actionLabel(action)));
        return;
      }
      const form = action.form;
      const go = () => (form ? setAsked({ action, form, target }) : send(action, target));
      if (!action.confirm) {
        void go();
        return;
      }
      modal.confirm({
        title: actionLabel(action),
        content: action.confirm,
        okText: MSG_OK,
        cancelText: MSG_CANCEL,
        onOk: go,
      });
    },
    [message, modal, send],
  );

  const submit = useCallback(
    async (values: Readonly<Record<string, unknown>>) => {
      if (!asked) return false;
      const done = await send(asked.action, asked.target, values);
      if (done) setAsked(null);
      return done;
    },
    [asked, send],
  );

  const cancel = useCallback(() => setAsked(null), []);
  return { run, asked, submit, cancel };
}

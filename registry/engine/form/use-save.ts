import { useCallback, useState } from 'react';
import { App } from 'antd';
import type { Form } from '@formily/core';
import { toJS } from '@formily/reactive';
import { SYNC_CLIENT_HEADER } from '../../../src/contracts/table-sync';
import { useEngine } from '../context';
import type { PageData } from '../data-provider';
import { missingUrlMessage } from '../messages';
import { URL_NAMES } from '../page-model';
import type { FormMode } from './field-specs';

/**
 * What goes with the form's values: a master-detail form's detail rows by detail code, or null
 * when they fail their checks (the grids show where).
 */
export type CollectExtra = () => Promise<Readonly<Record<string, unknown>> | null>;

/**
 * Validates and saves a form: add → POST url.add, edit → PUT url.edit, with the detail rows of
 * a master-detail form in the same call (the server saves them in one transaction). The
 * server's message is shown either way; a refused save leaves the form — and the grids — as
 * the user left them. The live-sync client id goes along so this tab skips its own update.
 */
export function useSave(data: PageData): {
  readonly saving: boolean;
  save(
    form: Form,
    mode: FormMode,
    preset?: Readonly<Record<string, unknown>>,
    extra?: CollectExtra,
  ): Promise<boolean>;
} {
  const { tableSync } = useEngine();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (
      form: Form,
      mode: FormMode,
      preset: Readonly<Record<string, unknown>> = {},
      extra?: CollectExtra,
    ) => {
      if (mode === 'detail') return true;
      try {
        await form.validate();
      } catch {
        return false; // the messages stand under the fields
      }
      const details = extra ? await extra() : {};
      if (details === null) return false;
      const key = mode === 'add' ? 'add' : 'edit';
      if (!data.url(key)) {
        void message.error(missingUrlMessage(URL_NAMES[key]));
        return false;
      }
      const values = { ...preset, ...(toJS(form.values) as Record<string, unknown>), ...details };
      const options = tableSync ? { headers: { [SYNC_CLIENT_HEADER]: tableSync.clientId } } : {};
      setSaving(true);
      try {
        const envelope = await data.save(key, values, options);
        if (envelope.success) {
          void message.success(envelope.message);
          return true;
        }
        void message.warning(envelope.message);
        return false;
      } catch {
        return false; // shown by the runtime
      } finally {
        setSaving(false);
      }
    },
    [data, message, tableSync],
  );
  return { saving, save };
}

import { useCallback, useState } from 'react';
import { App } from 'antd';
import type { Form } from '@formily/core';
import { toJS } from '@formily/reactive';
import type { PageApi } from '../../../src/contracts/page';
import { useEngine } from '../context';
import { missingUrlMessage } from '../messages';
import { URL_NAMES } from '../page-model';
import type { FormMode } from './field-specs';

/**
 * Validates and saves a form: add → POST url.add, edit → PUT url.edit. The server's message is
 * shown either way; a refused save leaves the form as the user left it.
 */
export function useSave(urls: PageApi): {
  readonly saving: boolean;
  save(form: Form, mode: FormMode, preset?: Readonly<Record<string, unknown>>): Promise<boolean>;
} {
  const { http } = useEngine();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (form: Form, mode: FormMode, preset: Readonly<Record<string, unknown>> = {}) => {
      if (mode === 'detail') return true;
      try {
        await form.validate();
      } catch {
        return false; // the messages stand under the fields
      }
      const key = mode === 'add' ? 'add' : 'edit';
      const url = urls[key];
      if (!url) {
        void message.error(missingUrlMessage(URL_NAMES[key]));
        return false;
      }
      const values = { ...preset, ...(toJS(form.values) as Record<string, unknown>) };
      setSaving(true);
      try {
        const envelope =
          mode === 'add'
            ? await http.post<unknown>(url, values)
            : await http.put<unknown>(url, values);
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
    [http, message, urls],
  );
  return { saving, save };
}

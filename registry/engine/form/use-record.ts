import { useEffect, useState } from 'react';
import { App } from 'antd';
import type { PageData } from '../data-provider';
import type { Row } from '../list/row';

export type RecordLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly record: Row }
  | { readonly state: 'failed'; readonly message: string };

/**
 * The record a form edits: from `queryById` when the page has it, else the list row itself.
 * With no row and no queryById (a standalone form opened with an id) it fails with the
 * url message.
 */
export function useRecord(
  data: PageData,
  id: string | null,
  row: Row | null,
  missing: string,
): RecordLoad {
  const { message } = App.useApp();
  const [load, setLoad] = useState<RecordLoad>(() =>
    id === null ? { state: 'ready', record: row ?? {} } : { state: 'loading' },
  );
  useEffect(() => {
    if (id === null) return;
    if (!data.url('queryById')) {
      setLoad(row ? { state: 'ready', record: row } : { state: 'failed', message: missing });
      return;
    }
    let live = true;
    data.queryById(id).then(
      (envelope) => {
        if (!live) return;
        if (envelope.success && envelope.result) {
          setLoad({ state: 'ready', record: envelope.result });
        } else if (row) {
          void message.warning(envelope.message);
          setLoad({ state: 'ready', record: row });
        } else {
          setLoad({ state: 'failed', message: envelope.message });
        }
      },
      (error: unknown) => {
        if (!live) return;
        if (row) setLoad({ state: 'ready', record: row });
        else
          setLoad({
            state: 'failed',
            message: error instanceof Error ? error.message : '加载失败',
          });
      },
    );
    return () => {
      live = false;
    };
  }, [data, message, id, row, missing]);
  return load;
}

import { useMemo, useState } from 'react';
import type { ScreenProps } from '../../../router/screens';
import { useServices } from '../../../services';
import { createReportStore } from './report-store';
import { ReportEditor } from './ReportEditor';
import { ReportList } from './ReportList';

/** What the drawer edits: nothing (closed), a new report, or a stored one by id. */
type Editing = { readonly id: string | null } | null;

/**
 * 低代码 → 报表配置 (menu component `lowcode/ReportDesigner`): the report definitions, and an
 * editor drawer with 解析SQL and a preview of the unsaved draft.
 */
export default function ReportDesignerScreen(_props: ScreenProps) {
  const { http } = useServices();
  const store = useMemo(() => createReportStore(http), [http]);
  const [editing, setEditing] = useState<Editing>(null);
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <>
      <ReportList
        store={store}
        reloadKey={reloadKey}
        onOpen={(id) => setEditing({ id })}
        onCreate={() => setEditing({ id: null })}
      />
      {editing && (
        <ReportEditor
          key={editing.id ?? '(new)'}
          store={store}
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </>
  );
}

import type { StoredPageResult } from '../../../../contracts/page-api';
import { HistoryDrawer } from '../history/HistoryDrawer';
import { AddToMenuDialog } from '../menu/AddToMenuDialog';
import type { LocatedProblem } from '../model/draft-check';
import type { PageStore } from '../model/page-store';
import { RefusedModal } from './RefusedModal';
import { SaveDialog } from './SaveDialog';
import { StaleDialog } from './StaleDialog';
import type { AdoptMode, PageDocument } from './use-page-document';
import type { SaveFlow } from './use-save-flow';

export interface EditorDialogsProps {
  readonly store: PageStore;
  readonly doc: PageDocument;
  readonly flow: SaveFlow;
  readonly dialog: 'history' | 'menu' | null;
  readonly onCloseDialog: () => void;
  readonly canRollback: boolean;
  readonly mobile: boolean;
  readonly onReveal: (problem: LocatedProblem) => void;
  /** The text was replaced by a stored version: the draft is obsolete. */
  readonly onReloaded: () => void;
}

/** The editor's dialogs: save, refused save, newer version, history, add to menu. */
export function EditorDialogs(props: EditorDialogsProps) {
  const { store, doc, flow, dialog, onCloseDialog, canRollback, mobile, onReveal, onReloaded } =
    props;
  const stored = doc.stored;
  const adopt = (result: StoredPageResult, mode: AdoptMode) => {
    doc.adopt(result, mode);
    if (mode === 'replace') onReloaded();
  };
  return (
    <>
      {flow.plan && (
        <SaveDialog
          plan={flow.plan}
          baseVersion={stored?.version ?? null}
          saving={flow.busy === 'saving'}
          onConfirm={(note, drops) => void flow.confirm(note, drops)}
          onCancel={flow.cancel}
        />
      )}
      {flow.refused && (
        <RefusedModal refused={flow.refused} onClose={flow.closeRefused} onReveal={onReveal} />
      )}
      {flow.stale && stored && (
        <StaleDialog
          store={store}
          code={stored.code}
          message={flow.stale.message}
          currentVersion={flow.stale.currentVersion}
          baseVersion={flow.stale.baseVersion}
          text={doc.text}
          onAdopt={adopt}
          onClose={flow.closeStale}
        />
      )}
      {stored && (
        <HistoryDrawer
          open={dialog === 'history'}
          onClose={onCloseDialog}
          store={store}
          stored={stored}
          dirty={doc.dirty}
          canRollback={canRollback}
          mobile={mobile}
          onRolledBack={(result) => adopt(result, 'replace')}
          onStale={(currentVersion, message) =>
            flow.reportStale({ currentVersion, baseVersion: stored.version, message })
          }
        />
      )}
      {stored && dialog === 'menu' && (
        <AddToMenuDialog store={store} definition={stored.definition} onClose={onCloseDialog} />
      )}
    </>
  );
}

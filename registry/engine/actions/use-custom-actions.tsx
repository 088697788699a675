import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import type { ActionDefinition, PageDefinition } from '../../../src/contracts/page';
import type { ActionTarget } from './action-payload';
import { DialogLoading } from '../DialogLoading';
import { OpenDrawer, type OpenRequest } from './OpenDrawer';
import { useUrlAction } from './use-url-action';

// The form engine loads when an action's dialog first opens.
const ActionFormDialog = lazy(() =>
  import('./ActionFormDialog').then((m) => ({ default: m.ActionFormDialog })),
);

export interface CustomActions {
  /** Runs an action that is not built in: opens its drawer (`open`) or calls its `url`. */
  run(action: ActionDefinition, target: ActionTarget): void;
  /** The form dialog or drawer of the action being run; the list renders it. */
  readonly holder: ReactNode;
}

/**
 * The toolbar and row actions a definition adds: `url` calls (confirm, form, data; a page's
 * `bound` values go with them) and `open` drawers. The list reloads after a call the server
 * agreed to, when a panel says it changed something, and when a drawer closes (the page in it
 * may have changed things).
 */
export function useCustomActions(
  page: PageDefinition,
  reload: () => void,
  bound: Readonly<Record<string, string>>,
): CustomActions {
  const { run: call, asked, submit, cancel } = useUrlAction(reload, bound);
  const [opened, setOpened] = useState<OpenRequest | null>(null);

  const run = useCallback(
    (action: ActionDefinition, target: ActionTarget) => {
      if (action.open) setOpened({ action, open: action.open, row: target.row });
      else call(action, target);
    },
    [call],
  );

  const closeDrawer = useCallback(() => {
    setOpened(null);
    reload();
  }, [reload]);

  const holder = (
    <>
      {asked && (
        <Suspense fallback={<DialogLoading />}>
          <ActionFormDialog
            page={page}
            action={asked.action}
            form={asked.form}
            onSubmit={submit}
            onClose={cancel}
          />
        </Suspense>
      )}
      {opened && <OpenDrawer request={opened} onClose={closeDrawer} onChanged={reload} />}
    </>
  );
  return { run, holder };
}

import { Suspense, useMemo } from 'react';
import { Alert, Drawer, Spin } from 'antd';
import type { ActionDefinition, ActionOpen } from '../../../src/contracts/page';
import { useEngine } from '../context';
import { useMaxWidth } from '../../use-media';
import type { Row } from '../list/row';
import { unknownPanelMessage } from '../messages';
import { actionLabel } from '../page-model';
import { boundValues } from './action-payload';
import { StoredPage } from './StoredPage';
import './open-drawer.css';

/** An `open` action being shown: the action, what it opens, and the row of a row action. */
export interface OpenRequest {
  readonly action: ActionDefinition;
  readonly open: ActionOpen;
  readonly row: Row | null;
}

export interface OpenDrawerProps {
  readonly request: OpenRequest;
  readonly onClose: () => void;
  /** A panel asked the list to reload. */
  readonly onChanged: () => void;
}

/** Default drawer width in px (`open.width`). */
const DRAWER_WIDTH = 800;

/**
 * The drawer of an `open` action: a stored page (bound to the row by `open.bind`) or a panel
 * the host registered. Full width below 768 px, with a narrower margin. A panel the host named
 * in `ownContainerPanels` shows without the drawer (it brings its own, e.g. a modal).
 */
export function OpenDrawer({ request, onClose, onChanged }: OpenDrawerProps) {
  const { panels, ownContainerPanels } = useEngine();
  const { action, open, row } = request;
  const narrow = useMaxWidth(767.98);
  const bound = useMemo(() => boundValues(open.bind, row), [open.bind, row]);
  const panel = open.panel;
  const Panel =
    panel !== undefined && panels && Object.hasOwn(panels, panel) ? panels[panel] : null;

  if (Panel && panel !== undefined && ownContainerPanels?.has(panel)) {
    return (
      <Suspense fallback={null}>
        <Panel row={row} bound={bound} onClose={onClose} onChanged={onChanged} />
      </Suspense>
    );
  }

  return (
    <Drawer
      open
      title={open.title ?? actionLabel(action)}
      width={narrow ? '100%' : (open.width ?? DRAWER_WIDTH)}
      className="sa-open-drawer"
      styles={{ body: { padding: narrow ? 12 : 24 } }}
      onClose={onClose}
      destroyOnHidden
    >
      {/* A panel or page may load its code lazily: the drawer waits, not the whole list. */}
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        {open.page !== undefined ? (
          <StoredPage code={open.page} bound={bound} />
        ) : Panel ? (
          <Panel row={row} bound={bound} onClose={onClose} onChanged={onChanged} />
        ) : (
          <Alert type="error" showIcon message={unknownPanelMessage(panel ?? '')} />
        )}
      </Suspense>
    </Drawer>
  );
}

import { Spin } from 'antd';
import { MSG_LOADING } from './messages';

/**
 * What shows while the code of a dialog loads (forms, the import dialog): lists do not ship
 * the form engine or the grid until one is opened. A spinner over the page, not a dialog of
 * its own, so the dialog that follows is the only one.
 */
export function DialogLoading() {
  return <Spin fullscreen tip={MSG_LOADING} />;
}

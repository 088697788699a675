/**
 * antd pop-ups render outside the grid (select and picker dropdowns, popovers, modals…). A
 * mouse release inside one of them belongs to the cell being edited, so it must not end editing.
 */
export const POPUP_SELECTOR = [
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
  '.ant-cascader-dropdown',
  '.ant-dropdown',
  '.ant-popover',
  '.ant-tooltip',
  '.ant-modal-root',
  '.ant-modal-wrap',
  '.ant-drawer',
  '.ant-image-preview-root',
  '.ant-color-picker',
  '.ant-message',
  '.ant-notification',
].join(', ');

export function isInsidePopup(target: Element): boolean {
  return target.closest(POPUP_SELECTOR) !== null;
}

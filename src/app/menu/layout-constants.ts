/** Menu widths of shell.md §9 (px). */
export const MENU_WIDTH_WITH_CHILDREN = 265;
export const MENU_WIDTH_WITHOUT_CHILDREN = 140;
export const SECOND_COLUMN_WIDTH = 135;
export const COLLAPSED_WIDTH = 80;
export const MOBILE_DRAWER_WIDTH = 200;
export const TAB_BAR_HEIGHT = 45;

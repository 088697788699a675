import type { AnyEntry } from '../entry';
import { checkboxEntry } from './checkbox';
import { checkboxGroupEntry } from './checkbox-group';
import { codeEditorEntry } from './code-editor';
import { dateEntry } from './date';
import { datetimeEntry } from './datetime';
import { dictSelectEntry } from './dict-select';
import { hiddenEntry } from './hidden';
import { iconSelectEntry } from './icon-select';
import { inputEntry } from './input';
import { inputNumberEntry } from './inputNumber';
import { listMultiEntry } from './list_multi';
import { markdownEntry } from './markdown';
import { normalEntry } from './normal';
import { passwordEntry } from './password';
import { popupEntry } from './popup';
import { imageEntry } from './image';
import { fileEntry } from './file';
import { uploadEntry } from './upload';
import { progressEntry } from './progress';
import { radioEntry } from './radio';
import { richtextEntry } from './richtext';
import { selectEntry } from './select';
import { selectMultipleEntry } from './select-multiple';
import { selectSearchEntry } from './select-search';
import { selDepartEntry } from './sel_depart';
import { selPositionEntry } from './sel_position';
import { selRoleEntry } from './sel_role';
import { selUserEntry } from './sel_user';
import { catTreeEntry } from './cat_tree';
import { selTreeEntry } from './sel_tree';
import { pcaEntry } from './pca';
import { selSearchEntry } from './sel_search';
import { selSearchAsyncEntry } from './sel_search_async';
import { switchEntry } from './switch';
import { tagsEntry } from './tags';
import { textareaEntry } from './textarea';
import { timeEntry } from './time';
import { cronEntry } from './cron';
import { sliderCheckEntry } from './slider_check';
import { inputPopEntry } from './input_pop';

/**
 * Every built-in renderer type, in the order the page editor offers them. Adding a type is one
 * file beside these and one line here (then `npm run generate` compiles its props validator),
 * plus its folder under `renderers/` (docs/renderers.md).
 */
export const BUILTIN_ENTRIES = [
  inputEntry,
  inputNumberEntry,
  textareaEntry,
  selectEntry,
  selectMultipleEntry,
  checkboxEntry,
  radioEntry,
  switchEntry,
  dateEntry,
  datetimeEntry,
  timeEntry,
  dictSelectEntry,
  checkboxGroupEntry,
  hiddenEntry,
  normalEntry,
  passwordEntry,
  // Editable-grid cell types (widgets.md §2.5), usable in forms too.
  selectSearchEntry,
  listMultiEntry,
  progressEntry,
  tagsEntry,
  selUserEntry,
  // Searchable dictionaries: whole in the browser, or page by page from the server.
  selSearchEntry,
  selSearchAsyncEntry,
  selDepartEntry,
  selPositionEntry,
  selRoleEntry,
  // The menu's icons with their Chinese names (菜单管理's 图标).
  iconSelectEntry,
  // Tree selects (widgets.md §2.2): the category tree and a table's tree.
  catTreeEntry,
  selTreeEntry,
  // The area linkage picker (widgets.md §2.1): a region of China by its code.
  pcaEntry,
  // Online report pickers (widgets.md §2.10): chosen rows fill several fields.
  popupEntry,
  // Editors (widgets.md §2.7).
  richtextEntry,
  // Uploads (widgets.md §2.6)
  imageEntry,
  fileEntry,
  uploadEntry,
  // Editors (widgets.md §2.3, §2.7): markdown with a preview, source code in monaco.
  markdownEntry,
  codeEditorEntry,
  // The cron expression with its builder dialog (widgets.md §2.4).
  cronEntry,
  // Small inputs (widgets.md §2.3, §2.5): the drag-slider human check, text with a larger pop-up box.
  sliderCheckEntry,
  inputPopEntry,
] as const satisfies readonly AnyEntry[];

/** The name of a built-in type. */
export type BuiltinFieldType = (typeof BUILTIN_ENTRIES)[number]['type'];

import type { RendererRegistry } from '../registry/registry';
import type { RendererBinding } from '../registry/types';
import type { BuiltinFieldType } from '../src/contracts/catalogue/index';
import { checkboxRenderer } from './checkbox';
import { checkboxGroupRenderer } from './checkbox-group';
import { DateDisplay } from './date/Display';
import { DatetimeDisplay } from './datetime/Display';
import { dictSelectRenderer } from './dict-select';
import { hiddenRenderer } from './hidden';
import { IconSelectDisplay } from './icon-select/Display';
import { inputRenderer } from './input';
import { InputNumberDisplay } from './inputNumber/Display';
import { listMultiRenderer } from './list_multi';
import { normalRenderer } from './normal';
import { passwordRenderer } from './password';
import { radioRenderer } from './radio';
import { selectRenderer } from './select';
import { selectMultipleRenderer } from './select-multiple';
import { selectSearchRenderer } from './select-search';
import { SelDepartDisplay } from './sel_depart/Display';
import { SelPositionDisplay } from './sel_position/Display';
import { SelRoleDisplay } from './sel_role/Display';
import { SelUserDisplay } from './sel_user/Display';
import { CatTreeDisplay } from './cat_tree/Display';
import { SelTreeDisplay } from './sel_tree/Display';
import { PcaDisplay } from './pca/Display';
import { SelSearchAsyncDisplay } from './sel_search_async/Display';
import { OptionDisplay } from './shared/OptionDisplay';
import { PopupDisplay } from './popup/Display';
import { RichtextDisplay } from './richtext/Display';
import { ImageDisplay } from './image/Display';
import { FileDisplay } from './file/Display';
import { SwitchDisplay } from './switch/Display';
import { textareaRenderer } from './textarea';
import { TimeDisplay } from './time/Display';
import { MarkdownDisplay } from './markdown/Display';
import { CronDisplay } from './cron/Display';
import { CodeEditorDisplay } from './code-editor/Display';
import { sliderCheckRenderer } from './slider_check';
import { inputPopRenderer } from './input_pop';

/**
 * The components of every built-in catalogue type (src/contracts/catalogue): one key per
 * entry, no more, no fewer (the compiler checks it). Types whose controls bring code of their
 * own (the pickers and dayjs locales, the person pickers' dialogs, the number box, the switch, progress bars, tags) load on
 * first render; where a light read-only view exists it is given up front, so lists show those
 * values without loading the editing code.
 */
export const BUILTIN_BINDINGS: Readonly<Record<BuiltinFieldType, RendererBinding>> = {
  input: inputRenderer,
  inputNumber: { lazy: () => import('./inputNumber'), display: InputNumberDisplay },
  textarea: textareaRenderer,
  select: selectRenderer,
  'select-multiple': selectMultipleRenderer,
  checkbox: checkboxRenderer,
  radio: radioRenderer,
  switch: { lazy: () => import('./switch'), display: SwitchDisplay },
  date: { lazy: () => import('./date'), display: DateDisplay },
  datetime: { lazy: () => import('./datetime'), display: DatetimeDisplay },
  time: { lazy: () => import('./time'), display: TimeDisplay },
  'dict-select': dictSelectRenderer,
  'checkbox-group': checkboxGroupRenderer,
  hidden: hiddenRenderer,
  normal: normalRenderer,
  password: passwordRenderer,
  'select-search': selectSearchRenderer,
  list_multi: listMultiRenderer,
  progress: { lazy: () => import('./progress') },
  tags: { lazy: () => import('./tags') },
  sel_user: { lazy: () => import('./sel_user'), display: SelUserDisplay },
  sel_search: { lazy: () => import('./sel_search'), display: OptionDisplay },
  sel_search_async: { lazy: () => import('./sel_search_async'), display: SelSearchAsyncDisplay },
  sel_depart: { lazy: () => import('./sel_depart'), display: SelDepartDisplay },
  sel_position: { lazy: () => import('./sel_position'), display: SelPositionDisplay },
  sel_role: { lazy: () => import('./sel_role'), display: SelRoleDisplay },
  // The picker (every icon's option) loads when a form opens; lists show the light display.
  'icon-select': { lazy: () => import('./icon-select'), display: IconSelectDisplay },
  // The tree selects load with the first form that draws one; lists show names through the views.
  cat_tree: { lazy: () => import('./cat_tree'), display: CatTreeDisplay },
  sel_tree: { lazy: () => import('./sel_tree'), display: SelTreeDisplay },
  pca: { lazy: () => import('./pca'), display: PcaDisplay },
  // The report picker loads with the first form that draws a popup; lists show the text.
  popup: { lazy: () => import('./popup'), display: PopupDisplay },
  // The editor (lexical) loads with the first form that draws one; lists show the words.
  richtext: { lazy: () => import('./richtext'), display: RichtextDisplay },
  // Uploads (widgets.md §2.6) load with the first form or grid cell that draws one; lists show
  // names and thumbnails through the light views.
  image: { lazy: () => import('./image'), display: ImageDisplay },
  file: { lazy: () => import('./file'), display: FileDisplay },
  upload: { lazy: () => import('./upload'), display: FileDisplay },
  // The editors load with the first form that draws one (monaco: the page editor's chunk);
  // lists show the plain text.
  markdown: { lazy: () => import('./markdown'), display: MarkdownDisplay },
  'code-editor': { lazy: () => import('./code-editor'), display: CodeEditorDisplay },
  // The builder dialog loads with the first form that draws a cron field; lists show the text.
  cron: { lazy: () => import('./cron'), display: CronDisplay },
  // Small inputs: plain components, no heavy code of their own.
  slider_check: sliderCheckRenderer,
  input_pop: inputPopRenderer,
};

/** Binds the built-in types of the registry's catalogue. */
export function registerBuiltinRenderers(registry: RendererRegistry): void {
  for (const [type, binding] of Object.entries(BUILTIN_BINDINGS)) {
    registry.register(type, binding);
  }
}

import type { RendererComponents } from '../../registry/types';
import { SelSearchAsyncDisplay } from './Display';
import { SelSearchAsyncWidget } from './Widget';

/**
 * `sel_search_async`: one choice of a (long) dictionary searched on the server page by page;
 * shown as its text (the record's `_dictText`, else one batched `loadDictItem` per screen).
 */
export const selSearchAsyncRenderer: RendererComponents = {
  field: SelSearchAsyncWidget,
  display: SelSearchAsyncDisplay,
};

export default selSearchAsyncRenderer;

import type { Static } from 'typebox';
import type { DeepReadonly } from './deep-readonly';
import type { ActionFormSchema, ActionOpenSchema, ActionSchema } from './page-schema-action';

/**
 * The buttons of a list page (page.ts `toolbar`, `rowActions`): built-in keys, `url` calls
 * (fixed values, row values, a dialog of fields asked first) and `open` drawers. The types are
 * derived from their schemas in page-schema-action.ts (property docs live there).
 */

/** Built-in actions; a custom key has its own `url` or `open`. */
export type ActionKey =
  'add' | 'batchDelete' | 'export' | 'import' | 'edit' | 'detail' | 'delete' | 'addChild';

export type ActionDefinition = DeepReadonly<Static<typeof ActionSchema>>;
/** The dialog of a `url` action, asked before the call. */
export type ActionForm = DeepReadonly<Static<typeof ActionFormSchema>>;
/** What an `open` action shows in a drawer: a stored page or a panel the host registered. */
export type ActionOpen = DeepReadonly<Static<typeof ActionOpenSchema>>;

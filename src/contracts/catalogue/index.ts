import { propsValidators } from '../generated/validators.js';
import { defineCatalogue, type Catalogue } from './catalogue';
import { BUILTIN_ENTRIES } from './entries/index';

export type { AnyEntry, CatalogueEntry, CellText, GridDefaults, Lookup, ValueKind } from './entry';
export type { Catalogue, PropsValidator } from './catalogue';
export {
  CatalogueError,
  RESERVED_TYPES,
  TYPE_NAME_PATTERN,
  defineCatalogue,
  reservedMessage,
} from './catalogue';
export { BUILTIN_ENTRIES, type BuiltinFieldType } from './entries/index';

/** The product's renderer types, checked with the validators compiled by `npm run generate`. */
export const CATALOGUE: Catalogue = defineCatalogue(BUILTIN_ENTRIES, propsValidators);

/** Whether fields of this type are never drawn (the `hidden` type). */
/** Whether fields of the type are chosen rather than typed (their placeholder says 请选择). */
export function isChoiceType(type: string, catalogue: Catalogue = CATALOGUE): boolean {
  return catalogue.get(type)?.chooses === true;
}

export function isHiddenType(type: string, catalogue: Catalogue = CATALOGUE): boolean {
  return catalogue.get(type)?.hidden === true;
}

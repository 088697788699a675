import { CatalogueError, defineCatalogue, type Catalogue, type PropsValidator } from './catalogue';
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

/**
 * The compiled props validators of the built-in types (`npm run generate`), installed by
 * src/contracts/page-check.ts, the one module that checks props and imports the generated
 * file. Drawing a page needs the entries, not their validators: a browser screen that draws a
 * page the server checked never downloads the validators (about 19 KB gzip).
 */
let builtinValidators: Readonly<Record<string, PropsValidator>> | null = null;

/** Installs the generated validators; refuses a set missing a built-in type. */
export function installBuiltinValidators(validators: Readonly<Record<string, PropsValidator>>) {
  for (const entry of BUILTIN_ENTRIES) {
    if (!validators[entry.type]) {
      throw new CatalogueError(
        `组件类型 ${entry.type} 没有编译好的 props 校验函数：运行 npm run generate`,
      );
    }
  }
  builtinValidators = validators;
}

/** A built-in type's validator, looked up when it first runs (after page-check installed it). */
function deferredValidator(type: string): PropsValidator {
  const validator: PropsValidator = (data) => {
    const compiled = builtinValidators?.[type];
    if (!compiled)
      throw new Error('props validators not installed: import src/contracts/page-check');
    const valid = compiled(data);
    validator.errors = compiled.errors ?? null;
    return valid;
  };
  return validator;
}

/** The product's renderer types, checked with the validators compiled by `npm run generate`. */
export const CATALOGUE: Catalogue = defineCatalogue(
  BUILTIN_ENTRIES,
  Object.fromEntries(BUILTIN_ENTRIES.map((entry) => [entry.type, deferredValidator(entry.type)])),
);

/** Whether fields of this type are never drawn (the `hidden` type). */
/** Whether fields of the type are chosen rather than typed (their placeholder says 请选择). */
export function isChoiceType(type: string, catalogue: Catalogue = CATALOGUE): boolean {
  return catalogue.get(type)?.chooses === true;
}

export function isHiddenType(type: string, catalogue: Catalogue = CATALOGUE): boolean {
  return catalogue.get(type)?.hidden === true;
}

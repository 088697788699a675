// Types of the generated validators (validators.js, `npm run generate`).
import type { ErrorObject } from 'ajv';

export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The page meta-schema (src/contracts/page-schema.ts). */
export declare const validatePage: GeneratedValidator;
/** Each catalogue entry's props schema, by type name. */
export declare const propsValidators: Readonly<Record<string, GeneratedValidator>>;
/** "Exactly one of these keys" `oneOf`s of the meta-schema, by the schemaPath ajv reports. */
export declare const exclusiveOneOf: Readonly<Record<string, readonly string[]>>;

/**
 * `npm run generate`: compiles the page meta-schema and every catalogue entry's props schema
 * into plain JavaScript validators (ajv standalone), written to
 * `src/contracts/generated/validators.js`. Browser and server import that file, so neither
 * ships a schema compiler nor evaluates generated code at run time (the browser app's
 * Content-Security-Policy allows no `eval`). `tests/server/generated-validators.test.ts`
 * fails when the file is out of date.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { BUILTIN_ENTRIES } from '../src/contracts/catalogue/entries/index';
import { PAGE_META_SCHEMA } from '../src/contracts/page-schema';

export const GENERATED_FILE = fileURLToPath(
  new URL('../src/contracts/generated/validators.js', import.meta.url),
);

/**
 * Options every generated validator is compiled with: every error (a page's problems are listed
 * together), no English messages (checkPage writes Chinese ones with ajv-i18n).
 */
const AJV_OPTIONS = { allErrors: true, strict: false, messages: false } as const;

/** ajv's runtime helpers, and ours (src/contracts/validator-runtime.ts) standing in for them. */
const RUNTIME: Readonly<Record<string, string>> = {
  'ajv/dist/runtime/ucs2length': 'ucs2length',
  'ajv/dist/runtime/equal': 'equal',
};

/** ajv's standalone output `require`s its runtime helpers; this module imports ours instead. */
function requiresToImports(code: string): string {
  const used = new Set<string>();
  const body = code.replace(/require\("([^"]+)"\)\.default/g, (_match, specifier: string) => {
    const name = RUNTIME[specifier];
    if (!name) throw new Error(`generated validators need an unknown runtime helper ${specifier}`);
    used.add(name);
    return name;
  });
  if (/require\(/.test(body)) throw new Error('generated validators still require() something');
  const names = [...used].sort().join(', ');
  return `import { ${names} } from '../validator-runtime';\n${body}`;
}

type Schema = Readonly<Record<string, unknown>>;

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames'];
const MANY = ['anyOf', 'oneOf', 'allOf'];
const MAP = ['properties', 'patternProperties', 'definitions'];

/** Applies `visit` to every sub-schema of `schema` (not to property-name maps). */
function mapChildren(schema: Schema, visit: (child: Schema) => unknown): Schema {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
    if (ONE.includes(key) && isSchema(value)) out[key] = visit(value);
    else if (MANY.includes(key) && Array.isArray(value)) {
      out[key] = value.map((v) => (isSchema(v) ? visit(v) : v));
    } else if (MAP.includes(key) && isSchema(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, v]) => [name, isSchema(v) ? visit(v) : v]),
      );
    } else out[key] = value;
  }
  return out;
}

/**
 * The schema with every sub-schema it uses more than once (the field schema of fields, detail
 * fields and action forms; the table of a page and of its details) moved to `definitions` and
 * referred to with `$ref`, so each is compiled into one function instead of being inlined
 * wherever it appears. Sub-schemas are compared by their JSON.
 */
export function hoistShared(root: Schema): Schema {
  const counts = new Map<string, number>();
  const count = (schema: Schema): unknown => {
    const key = JSON.stringify(schema);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return mapChildren(schema, count);
  };
  mapChildren(root, count);
  const names = new Map<string, string>();
  for (const [key, n] of counts) {
    // Small pieces ({ type: 'boolean' }) cost less inlined than called. An "exactly one of"
    // schema stays inside its parent, so the path its errors report says which one it is.
    if (n > 1 && key.length > 200 && !exclusiveKeysOf(JSON.parse(key) as Schema)) {
      names.set(key, `shared${names.size}`);
    }
  }
  const definitions: Record<string, Schema> = {};
  const rewrite = (schema: Schema): Schema => {
    const name = names.get(JSON.stringify(schema));
    if (!name) return mapChildren(schema, rewrite);
    definitions[name] ??= mapChildren(schema, rewrite);
    return { $ref: `#/definitions/${name}` };
  };
  const hoisted = mapChildren(root, rewrite);
  return { ...hoisted, definitions };
}

/** A `oneOf` of branches that each require one key: "exactly one of these keys". */
function exclusiveKeysOf(schema: Schema): string[] | null {
  const branches = schema.oneOf;
  if (!Array.isArray(branches)) return null;
  const keys = branches.map((branch: unknown) => {
    const b = branch as Schema;
    const required = b.required;
    return Object.keys(b).length === 1 && Array.isArray(required) && required.length === 1
      ? String(required[0])
      : null;
  });
  return keys.every((key): key is string => key !== null) ? keys : null;
}

/**
 * The "exactly one of" `oneOf`s of the hoisted meta-schema, by the `schemaPath` ajv reports for
 * them (relative to the function of the definition they sit in): checkPage names the keys in
 * one message instead of one error per branch. Two with the same path would be ambiguous, so
 * generation refuses them.
 */
export function exclusiveOneOfs(hoisted: Schema): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const visit = (schema: Schema, path: string) => {
    const keys = exclusiveKeysOf(schema);
    if (keys) {
      const at = `${path}/oneOf`;
      if (found[at] && found[at].join() !== keys.join()) {
        throw new Error(`two exclusive oneOf at ${at}: ${found[at].join()} / ${keys.join()}`);
      }
      found[at] = keys;
    }
    for (const [key, value] of Object.entries(schema)) {
      if (!value || typeof value !== 'object') continue;
      if (key === 'definitions') {
        for (const def of Object.values(value as Record<string, Schema>)) visit(def, '#');
      } else if (MAP.includes(key)) {
        for (const [name, child] of Object.entries(value as Record<string, Schema>)) {
          visit(child, `${path}/${key}/${name}`);
        }
      } else if (ONE.includes(key) && !Array.isArray(value)) {
        visit(value as Schema, `${path}/${key}`);
      } else if (MANY.includes(key) && Array.isArray(value)) {
        value.forEach((child, i) => visit(child as Schema, `${path}/${key}/${i}`));
      }
    }
  };
  visit(hoisted, '#');
  return found;
}

/** The text of the generated module. */
export function generateValidators(): string {
  const ajv = new Ajv({ ...AJV_OPTIONS, inlineRefs: false, code: { source: true, esm: true } });
  const exports: Record<string, string> = { validatePage: 'page' };
  const hoisted = hoistShared(JSON.parse(JSON.stringify(PAGE_META_SCHEMA)) as Schema);
  ajv.addSchema(hoisted, 'page');
  const propsNames: [string, string][] = [];
  BUILTIN_ENTRIES.forEach((entry, i) => {
    const name = `props${i}`;
    ajv.addSchema(entry.props.schema as object, `props:${entry.type}`);
    exports[name] = `props:${entry.type}`;
    propsNames.push([entry.type, name]);
  });
  const code = requiresToImports(standaloneCode(ajv, exports));
  const map = propsNames.map(([type, name]) => `  ${JSON.stringify(type)}: ${name},`).join('\n');
  return [
    '// Generated by `npm run generate` (scripts/generate-validators.ts). Do not edit.',
    '/* eslint-disable */',
    code,
    `export const propsValidators = {\n${map}\n};`,
    `export const exclusiveOneOf = ${JSON.stringify(exclusiveOneOfs(hoisted), null, 2)};`,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.dirname(GENERATED_FILE), { recursive: true });
  fs.writeFileSync(GENERATED_FILE, generateValidators());
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
}

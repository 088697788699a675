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

/** Options every generated validator is compiled with (checkPage reads `schema` of errors). */
const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true, messages: false } as const;

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
    // Small pieces ({ type: 'boolean' }) cost less inlined than called.
    if (n > 1 && key.length > 200) names.set(key, `shared${names.size}`);
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

/** The text of the generated module. */
export function generateValidators(): string {
  const ajv = new Ajv({ ...AJV_OPTIONS, inlineRefs: false, code: { source: true, esm: true } });
  const exports: Record<string, string> = { validatePage: 'page' };
  ajv.addSchema(hoistShared(JSON.parse(JSON.stringify(PAGE_META_SCHEMA)) as Schema), 'page');
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
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.dirname(GENERATED_FILE), { recursive: true });
  fs.writeFileSync(GENERATED_FILE, generateValidators());
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
}

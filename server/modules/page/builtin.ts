import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import type { PageDefinition, TableDefinition } from '../../../src/contracts/page';
import { snakeFromCamel } from '../../../src/contracts/page-upgrade';
import type { Db } from '../../db/index';
import { DEMO_DATA_KEY } from '../../db/seed/index';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';
import { checkPage } from '../../../src/contracts/page-check';
import { linearPatternProblem } from '../../../src/contracts/linear-regex';
import { checkedName } from './ddl';
import { resolveDemoRefs } from './demo-refs';
import { savePage } from './save';

/**
 * Built-in pages: `schemas/*.json` at the repository root are page definitions shipped with the
 * product. At start each file whose code was never loaded is validated and stored (builtin) with
 * its table; the codes loaded are remembered in `sys_config.builtinPages`, so a page an admin
 * deleted does not come back. A built-in page no one has edited follows the shipped file: when
 * the file changes, the next start saves it as a new version (an edited page is left alone).
 * In a demo database, `schemas/demo-data/{code}.json` (an array of
 * records by field name) fills the new page's empty table; people and departments are named
 * `@users:admin,staff` / `@departs:A01` there (demo-refs.ts).
 */

export const BUILTIN_PAGES_KEY = 'builtinPages';
/** `{code: sha256 of its file}`: a start compares only these for files it has seen before. */
export const BUILTIN_FILES_KEY = 'builtinPageFiles';

/** `schemas/` beside the nearest package.json above this file (source or dist/server bundle). */
export function builtinPagesDir(from: string = path.dirname(fileURLToPath(import.meta.url))) {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) {
      const schemas = path.join(dir, 'schemas');
      if (fs.existsSync(schemas)) return schemas;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

async function readConfig(db: Db, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('sys_config')
    .select('configValue')
    .where('configKey', '=', key)
    .executeTakeFirst();
  return row?.configValue ?? null;
}

async function writeConfig(db: Db, key: string, configValue: string): Promise<void> {
  await db
    .insertInto('sys_config')
    .values({ configKey: key, configValue })
    .onConflict((oc) => oc.column('configKey').doUpdateSet({ configValue, updateTime: new Date() }))
    .execute();
}

function readJson(file: string, text = fs.readFileSync(file, 'utf8')): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`built-in page file ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

const DAY_MS = 24 * 3600 * 1000;

type DemoRecord = Readonly<Record<string, unknown>>;

/** One row into a table of the page; every key must be a declared column. */
async function insertDemoRow(
  tx: Db,
  table: TableDefinition,
  record: DemoRecord,
  fixed: { readonly id: string; readonly created: Date; readonly extra?: DemoRecord },
  where: string,
): Promise<void> {
  const declared = new Set(table.columns.map((c) => c.name));
  const values = { ...(await resolveDemoRefs(tx, record, where)), ...fixed.extra };
  const columns = Object.keys(values).map((key) => {
    const column = snakeFromCamel(key);
    if (!declared.has(column)) throw new Error(`${where}: ${key} is not a column of ${table.name}`);
    return checkedName(column);
  });
  const row = [fixed.id, 'system', fixed.created, ...Object.values(values)];
  const names = ['id', 'create_by', 'create_time', ...columns].map((c) => sql.id(c));
  await sql`insert into ${sql.table(checkedName(table.name))} (${sql.join(names)})
    values (${sql.join(row)})`.execute(tx);
}

/**
 * Inserts the demo records of a page into its (empty) table; returns how many. A record of a
 * master-detail page may hold its detail rows as an array under the detail's code.
 */
export async function insertDemoRows(
  db: Db,
  definition: PageDefinition,
  records: readonly DemoRecord[],
): Promise<number> {
  const table = definition.table;
  if (!table || records.length === 0) return 0;
  const name = sql.table(checkedName(table.name));
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${name}`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) return 0;
  const details = new Map((definition.details ?? []).map((d) => [d.code, d]));
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    for (const [i, record] of records.entries()) {
      const own = Object.fromEntries(Object.entries(record).filter(([k]) => !details.has(k)));
      // Spread over the last two months, newest first, so date filters have something to find.
      const created = new Date(now - i * 2 * DAY_MS - (i % 7) * 3600 * 1000);
      const id = newId();
      await insertDemoRow(tx, table, own, { id, created }, `demo row ${i}`);
      for (const [code, detail] of details) {
        const items = record[code];
        if (items === undefined) continue;
        if (!Array.isArray(items) || !detail.table) {
          throw new Error(`demo row ${i}: ${code} is not an array of a detail with a table`);
        }
        for (const [j, item] of (items as DemoRecord[]).entries()) {
          // A millisecond apart: the detail lists in the order the file gives.
          const at = new Date(created.getTime() + j);
          const extra = { [detail.foreignKey]: id };
          await insertDemoRow(
            tx,
            detail.table,
            item,
            { id: newId(), created: at, extra },
            `demo row ${i}.${code}[${j}]`,
          );
        }
      }
    }
  });
  return records.length;
}

export interface BuiltinLoadResult {
  /** Codes stored by this call. */
  readonly loaded: readonly string[];
  /** Untouched built-in pages brought up to their changed files. */
  readonly updated: readonly string[];
}

const SYSTEM_USER = 'system';

/**
 * Saves the shipped definition as a new version of a built-in page that only the system ever
 * saved, when they differ. Returns whether it did. A change the store refuses (a column the new
 * file drops, say) leaves the page as it is: the product's tests catch such a file.
 */
async function followShippedFile(db: Db, code: string, shipped: unknown): Promise<boolean> {
  const page = await db
    .selectFrom('sys_page')
    .select(['id', 'version', 'definition', 'builtin'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!page?.builtin) return false;
  const check = checkPage(shipped, { patternProblem: linearPatternProblem });
  if (!check.ok || isDeepStrictEqual(check.definition, page.definition)) return false;
  const edited = await db
    .selectFrom('sys_page_version')
    .select('id')
    .where('pageId', '=', page.id)
    .where((eb) => eb.or([eb('createBy', '<>', SYSTEM_USER), eb('createBy', 'is', null)]))
    .executeTakeFirst();
  if (edited) return false;
  try {
    await savePage(db, {
      mode: 'edit',
      definition: shipped,
      baseVersion: page.version,
      note: '内置页面更新',
      username: SYSTEM_USER,
      builtin: true,
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Loads every built-in page never loaded before. Throws (naming the file) when a shipped
 * definition is invalid: that is a defect of the product, caught by its tests.
 */
export async function loadBuiltinPages(
  db: Db,
  options: { readonly dir?: string | null } = {},
): Promise<BuiltinLoadResult> {
  const dir = options.dir === undefined ? builtinPagesDir() : options.dir;
  if (!dir || !fs.existsSync(dir)) return { loaded: [], updated: [] };
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const stored = await readConfig(db, BUILTIN_PAGES_KEY);
  const remembered = new Set(
    Array.isArray(stored) ? stored.filter((c) => typeof c === 'string') : [],
  );
  const storedHashes = await readConfig(db, BUILTIN_FILES_KEY);
  const hashes: Record<string, string> =
    storedHashes && typeof storedHashes === 'object' && !Array.isArray(storedHashes)
      ? { ...(storedHashes as Record<string, string>) }
      : {};
  const hashesBefore = JSON.stringify(hashes);
  const demo = (await readConfig(db, DEMO_DATA_KEY)) === true;
  const loaded: string[] = [];
  const updated: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    const definition = readJson(path.join(dir, file), text);
    const code = (definition as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') throw new Error(`built-in page file ${file} has no code`);
    if (remembered.has(code)) {
      // An unchanged file costs nothing more; a changed one may become the page's next version.
      if (hashes[code] !== hash && (await followShippedFile(db, code, definition))) {
        updated.push(code);
      }
      hashes[code] = hash;
      continue;
    }
    const exists = await db
      .selectFrom('sys_page')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!exists) {
      try {
        const saved = await savePage(db, {
          mode: 'add',
          definition,
          note: '内置页面',
          username: SYSTEM_USER,
          builtin: true,
        });
        const rowsFile = path.join(dir, 'demo-data', `${code}.json`);
        if (demo && fs.existsSync(rowsFile)) {
          const records = readJson(rowsFile);
          if (!Array.isArray(records)) throw new Error(`${rowsFile} is not an array`);
          await insertDemoRows(db, saved.definition, records as Record<string, unknown>[]);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Another process starting at the same time may have stored it first.
        const raced = await db
          .selectFrom('sys_page')
          .select('id')
          .where('code', '=', code)
          .executeTakeFirst();
        if (!raced) {
          throw new Error(`built-in page file ${file} was refused: ${error.message}`, {
            cause: error,
          });
        }
      }
      loaded.push(code);
    }
    hashes[code] = hash;
    remembered.add(code);
    await writeConfig(db, BUILTIN_PAGES_KEY, JSON.stringify([...remembered].sort()));
  }
  if (JSON.stringify(hashes) !== hashesBefore) {
    await writeConfig(db, BUILTIN_FILES_KEY, JSON.stringify(hashes));
  }
  return { loaded, updated };
}

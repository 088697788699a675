import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { PageDefinition } from '../../../src/contracts/page';
import { snakeFromCamel } from '../../../src/contracts/page-upgrade';
import type { Db } from '../../db/index';
import { DEMO_DATA_KEY } from '../../db/seed/index';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';
import { checkedName } from './ddl';
import { savePage } from './save';

/**
 * Built-in pages: `schemas/*.json` at the repository root are page definitions shipped with the
 * product. At start each file whose code was never loaded is validated and stored (builtin) with
 * its table; the codes loaded are remembered in `sys_config.builtinPages`, so a page an admin
 * deleted does not come back. In a demo database, `schemas/demo-data/{code}.json` (an array of
 * records by field name) fills the new page's empty table.
 */

export const BUILTIN_PAGES_KEY = 'builtinPages';

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

async function rememberLoaded(db: Db, codes: readonly string[]): Promise<void> {
  const value = JSON.stringify([...codes].sort());
  await db
    .insertInto('sys_config')
    .values({ configKey: BUILTIN_PAGES_KEY, configValue: value })
    .onConflict((oc) =>
      oc.column('configKey').doUpdateSet({ configValue: value, updateTime: new Date() }),
    )
    .execute();
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`built-in page file ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** Inserts the demo records of a page into its (empty) table; returns how many. */
export async function insertDemoRows(
  db: Db,
  definition: PageDefinition,
  records: readonly Readonly<Record<string, unknown>>[],
): Promise<number> {
  const table = definition.table;
  if (!table || records.length === 0) return 0;
  const declared = new Set(table.columns.map((c) => c.name));
  const name = sql.table(checkedName(table.name));
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${name}`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) return 0;
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    for (const [i, record] of records.entries()) {
      const columns = Object.keys(record).map((key) => {
        const column = snakeFromCamel(key);
        if (!declared.has(column))
          throw new Error(`demo row ${i}: ${key} is not a column of ${table.name}`);
        return checkedName(column);
      });
      // Spread over the last two months, newest first, so date filters have something to find.
      const created = new Date(now - i * 2 * DAY_MS - (i % 7) * 3600 * 1000);
      const values = [newId(), 'system', created, ...Object.values(record)];
      const names = ['id', 'create_by', 'create_time', ...columns].map((c) => sql.id(c));
      await sql`insert into ${name} (${sql.join(names)}) values (${sql.join(values)})`.execute(tx);
    }
  });
  return records.length;
}

export interface BuiltinLoadResult {
  /** Codes stored by this call. */
  readonly loaded: readonly string[];
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
  if (!dir || !fs.existsSync(dir)) return { loaded: [] };
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const stored = await readConfig(db, BUILTIN_PAGES_KEY);
  const remembered = new Set(
    Array.isArray(stored) ? stored.filter((c) => typeof c === 'string') : [],
  );
  const demo = (await readConfig(db, DEMO_DATA_KEY)) === true;
  const loaded: string[] = [];
  for (const file of files) {
    const definition = readJson(path.join(dir, file));
    const code = (definition as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') throw new Error(`built-in page file ${file} has no code`);
    if (remembered.has(code)) continue;
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
          username: 'system',
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
    remembered.add(code);
    await rememberLoaded(db, [...remembered]);
  }
  return { loaded };
}

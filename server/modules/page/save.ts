import type { PageDefinition } from '../../../src/contracts/page';
import { checkPage } from '../../../src/contracts/page-check';
import { linearPatternProblem } from '../../../src/contracts/linear-regex';
import type { Db } from '../../db/index';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';
import { releasePageFiles } from '../files/records';
import type { DdlStep } from './ddl';
import { runPlans, sqlStateOf } from './ddl-run';
import { diffJson } from './diff';
import { removePageMenus } from './menu';
import {
  dropsNeedConfirmation,
  duplicateCode,
  invalidDefinition,
  pageNotFound,
  staleVersion,
  tableRefused,
} from './messages';
import { ownedTables, planPageTables } from './tables';

/**
 * Saving a page: validate and upgrade the definition, check the version the author started
 * from, plan the table changes, then run the DDL and write the page and its new version in one
 * transaction. A refusal or a failed statement leaves nothing behind.
 */

export interface SaveCommand {
  /** `add` creates the page (version 1); `edit` makes a new version of an existing one. */
  readonly mode: 'add' | 'edit';
  readonly definition: unknown;
  readonly note?: string | null;
  /** Edit: the version the author started from. */
  readonly baseVersion?: number;
  readonly confirmDropColumns?: readonly string[];
  /** Who saves (username). */
  readonly username: string;
  /** Shipped with the product (schemas/*.json). */
  readonly builtin?: boolean;
  /** Existing tables a page may take over (`DESIGNER_TABLES`). */
  readonly adoptable?: ReadonlySet<string>;
  /** Told about a statement the database refused (for the server log). */
  readonly onDdlFailure?: (error: unknown, step: DdlStep) => void;
}

export interface SavedPage {
  readonly id: string;
  readonly code: string;
  readonly version: number;
  readonly definition: PageDefinition;
  readonly updateBy: string;
  readonly updateTime: Date;
}

async function saveInTransaction(
  db: Db,
  cmd: SaveCommand,
  definition: PageDefinition,
): Promise<SavedPage> {
  return db.transaction().execute(async (tx) => {
    const existing = await tx
      .selectFrom('sys_page')
      .select(['id', 'version', 'definition'])
      .where('code', '=', definition.code)
      .forUpdate()
      .executeTakeFirst();
    if (cmd.mode === 'add' && existing) throw duplicateCode(definition.code);
    if (cmd.mode === 'edit') {
      if (!existing) throw pageNotFound(definition.code);
      if (existing.version !== cmd.baseVersion) throw staleVersion(existing.version);
    }
    const previous = existing ? (existing.definition as PageDefinition) : null;
    const tables = await planPageTables(tx, {
      next: definition,
      previous,
      pageId: existing?.id ?? null,
      confirmDropColumns: cmd.confirmDropColumns ?? [],
      ...(cmd.adoptable ? { adoptable: cmd.adoptable } : {}),
    });
    if (tables.problems.length > 0) throw tableRefused(tables.problems);
    if (tables.unconfirmedDrops.length > 0) throw dropsNeedConfirmation(tables.dropColumns);
    await runPlans(tx, tables.plans, cmd.onDdlFailure);

    const now = new Date();
    const id = existing?.id ?? newId();
    const version = existing ? existing.version + 1 : 1;
    const json = JSON.stringify(definition);
    const row = {
      title: definition.title,
      kind: definition.kind,
      definition: json,
      version,
      tableName: definition.table?.name ?? null,
      updateBy: cmd.username,
      updateTime: now,
    };
    if (existing) {
      await tx.updateTable('sys_page').set(row).where('id', '=', id).execute();
    } else {
      await tx
        .insertInto('sys_page')
        .values({
          ...row,
          id,
          code: definition.code,
          builtin: cmd.builtin ?? false,
          createBy: cmd.username,
          createTime: now,
        })
        .execute();
    }
    await tx
      .insertInto('sys_page_version')
      .values({
        id: newId(),
        pageId: id,
        version,
        definition: json,
        changes: JSON.stringify(previous ? diffJson(previous, definition) : []),
        note: cmd.note?.trim() ? cmd.note.trim() : null,
        createBy: cmd.username,
        createTime: now,
      })
      .execute();
    return {
      id,
      code: definition.code,
      version,
      definition,
      updateBy: cmd.username,
      updateTime: now,
    };
  });
}

/** Validates, plans and saves; throws AppError with the problems when anything is refused. */
export async function savePage(db: Db, cmd: SaveCommand): Promise<SavedPage> {
  const check = checkPage(cmd.definition, { patternProblem: linearPatternProblem });
  if (!check.ok) throw invalidDefinition(check.problems);
  try {
    return await saveInTransaction(db, cmd, check.definition);
  } catch (error) {
    // Two saves racing past the checks: the unique constraints decide.
    if (!(error instanceof AppError) && sqlStateOf(error) === '23505') {
      const constraint = (error as { constraint?: unknown }).constraint;
      if (constraint === 'uniq_sys_page_table') {
        throw new AppError(`表 ${check.definition.table?.name ?? ''} 已被其他页面使用`);
      }
      if (constraint === 'uniq_sys_page_code') throw duplicateCode(check.definition.code);
    }
    throw error;
  }
}

/**
 * Deletes a page and its versions, and in the same transaction its menu entries, buttons and
 * their grants (`removePageMenus`; the caller publishes `permissions` when `removedMenus` > 0).
 * Its tables and their data stay (an admin may want the data, and a new page may take the
 * table over); the answer names them.
 */
export async function deletePage(
  db: Db,
  code: string,
): Promise<{ keptTables: string[]; removedMenus: number }> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('sys_page')
      .where('code', '=', code)
      .returning('definition')
      .executeTakeFirst();
    if (!row) throw pageNotFound(code);
    const removedMenus = await removePageMenus(tx, code);
    // Its table is kept, but no page guards its files any more: the clean-up takes them.
    await releasePageFiles(tx, code);
    const keptTables = ownedTables(row.definition as PageDefinition).map((t) => t.table.name);
    return { keptTables, removedMenus };
  });
}

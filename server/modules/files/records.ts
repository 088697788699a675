import { sql, type QueryExecutorProvider } from 'kysely';
import type { Db } from '../../db/index';
import { newId } from '../../ids';

/** Rows of sys_file (migration 0013): one per uploaded file. */

export interface FileRow {
  readonly path: string;
  readonly original_name: string;
  readonly size: number;
  readonly mime: string;
}

export interface NewFile extends FileRow {
  readonly biz: string;
  readonly createBy: string;
}

export async function insertFiles(db: Db, files: readonly NewFile[]): Promise<void> {
  const raw = db.withoutPlugins();
  for (const f of files) {
    await sql`insert into sys_file (id, path, original_name, size, mime, biz, create_by)
      values (${newId()}, ${f.path}, ${f.original_name}, ${f.size}, ${f.mime}, ${f.biz},
        ${f.createBy})`.execute(raw);
  }
}

/** A stored file with the page guarding it (`ref_page`, migration 0014; null: any signed-in user). */
export interface GuardedFile extends FileRow {
  readonly ref_page: string | null;
}

/** The stored files among `paths` (unknown paths are left out). */
export async function filesByPaths(db: Db, paths: readonly string[]): Promise<GuardedFile[]> {
  if (paths.length === 0) return [];
  const { rows } = await sql<GuardedFile>`
    select path, original_name, size, mime, ref_page from sys_file
    where path in (${sql.join(paths)})`.execute(db.withoutPlugins());
  return rows;
}

export async function fileByPath(db: Db, path: string): Promise<GuardedFile | null> {
  const { rows } = await sql<GuardedFile>`
    select path, original_name, size, mime, ref_page from sys_file where path = ${path}`.execute(
    db.withoutPlugins(),
  );
  return rows[0] ?? null;
}

/** Files and bytes a user uploaded since `since`. */
export async function usageSince(
  db: Db,
  username: string,
  since: Date,
): Promise<{ files: number; bytes: number }> {
  const { rows } = await sql<{ files: string | number; bytes: string | number | null }>`
    select count(*) as files, coalesce(sum(size), 0) as bytes from sys_file
    where create_by = ${username} and create_time >= ${since}`.execute(db.withoutPlugins());
  return { files: Number(rows[0]?.files ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

/** Keys per statement (bound parameters stay far below PostgreSQL's limit). */
const CHUNK = 1000;

function chunked<T>(list: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) parts.push(list.slice(i, i + CHUNK));
  return parts;
}

/**
 * Marks uploaded files as referenced by a record, so the clean-up keeps them. Modules call it
 * when a record saves file fields (comma-separated paths are split by the caller), inside the
 * record's transaction when there is one. `refPage` is the code of the online page whose list
 * permission guards the files from then on; null (system screens: avatars, announcement
 * images) leaves them readable by every signed-in user. The first attachment wins: a file
 * already attached keeps its page. Unknown paths are ignored; returns how many files were
 * newly attached.
 */
export async function attachFiles(
  db: QueryExecutorProvider,
  paths: readonly string[],
  refPage: string | null = null,
): Promise<number> {
  const wanted = [...new Set(paths.map((p) => p.trim()).filter(Boolean))];
  let attached = 0;
  for (const part of chunked(wanted)) {
    const result = await sql`
      update sys_file set attached_at = now(), ref_page = ${refPage}
      where attached_at is null and path in (${sql.join(part)})`.execute(db);
    attached += Number(result.numAffectedRows ?? 0);
    // A released file a record references again is kept (its guarding page stays).
    await sql`update sys_file set released_at = null
      where released_at is not null and path in (${sql.join(part)})`.execute(db);
  }
  return attached;
}

/**
 * Marks attached files as released: the record that referenced them is gone (call it in the
 * delete's transaction). The clean-up removes them UPLOAD_TEMP_HOURS later unless something
 * still references them then. Unknown and unattached paths are ignored.
 */
export async function releaseFiles(
  db: QueryExecutorProvider,
  paths: readonly string[],
): Promise<void> {
  const wanted = [...new Set(paths.map((p) => p.trim()).filter(Boolean))];
  for (const part of chunked(wanted)) {
    await sql`update sys_file set released_at = now()
      where attached_at is not null and released_at is null
        and path in (${sql.join(part)})`.execute(db);
  }
}

/** Releases every file a page guards (the page is deleted; its table may be kept). */
export async function releasePageFiles(db: QueryExecutorProvider, pageCode: string) {
  await sql`update sys_file set released_at = now()
    where ref_page = ${pageCode} and released_at is null`.execute(db);
}

/** A stored file as saves, imports and exports look it up. */
export interface StoredFile {
  readonly id: string;
  readonly path: string;
  /** The name the file was uploaded with. */
  readonly originalName: string;
  /** The type detected from its content. */
  readonly mime: string;
}

/**
 * The files of sys_file whose path (or, with `byId`, id) is one of `keys`. Works with or
 * without the camelCase plugin: the columns are aliased to the names the plugin would give.
 */
export async function storedFiles(
  db: QueryExecutorProvider,
  keys: readonly string[],
  byId = false,
): Promise<StoredFile[]> {
  const found: StoredFile[] = [];
  for (const part of chunked([...new Set(keys)])) {
    const list = sql.join(part);
    const { rows } = await sql<StoredFile>`
      select id, path, original_name as "originalName", mime from sys_file
      where path in (${list}) ${byId ? sql`or id in (${list})` : sql``}`.execute(db);
    found.push(...rows);
  }
  return found;
}

/**
 * Deletes the rows of files never attached and uploaded before `before`, returning their
 * paths. Each row is deleted by one caller only, so two processes never both claim a file.
 */
export async function takeUnattachedBefore(db: Db, before: Date, limit = 500): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`
    delete from sys_file where id in (
      select id from sys_file where attached_at is null and create_time < ${before}
      order by create_time limit ${limit})
    returning path`.execute(db.withoutPlugins());
  return rows.map((r) => r.path);
}

/** Paths of files released before `before` (oldest first). */
export async function releasedBefore(db: Db, before: Date, limit = 500): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`
    select path from sys_file where released_at < ${before}
    order by released_at limit ${limit}`.execute(db.withoutPlugins());
  return rows.map((r) => r.path);
}

/** Clears the release of files found still referenced: they stay. */
export async function keepReleased(db: Db, paths: readonly string[]): Promise<void> {
  for (const part of chunked([...paths])) {
    await sql`update sys_file set released_at = null
      where path in (${sql.join(part)})`.execute(db.withoutPlugins());
  }
}

/**
 * Deletes the rows of released files among `paths` still released before `before` (a save
 * that referenced one meanwhile cleared it), returning the paths deleted: each by one caller.
 */
export async function takeReleased(
  db: Db,
  paths: readonly string[],
  before: Date,
): Promise<string[]> {
  const taken: string[] = [];
  for (const part of chunked([...paths])) {
    const { rows } = await sql<{ path: string }>`
      delete from sys_file where released_at < ${before} and path in (${sql.join(part)})
      returning path`.execute(db.withoutPlugins());
    taken.push(...rows.map((r) => r.path));
  }
  return taken;
}

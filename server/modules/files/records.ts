import { sql } from 'kysely';
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

export async function fileByPath(db: Db, path: string): Promise<FileRow | null> {
  const { rows } = await sql<FileRow>`
    select path, original_name, size, mime from sys_file where path = ${path}`.execute(
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

/**
 * Marks uploaded files as referenced by a record, so the clean-up keeps them. Modules call it
 * when a record saves file fields (comma-separated paths are split by the caller). Unknown
 * paths are ignored; returns how many files were newly attached.
 */
export async function attachFiles(db: Db, paths: readonly string[]): Promise<number> {
  const wanted = [...new Set(paths.map((p) => p.trim()).filter(Boolean))];
  if (wanted.length === 0) return 0;
  const result = await sql`
    update sys_file set attached_at = now()
    where attached_at is null and path in (${sql.join(wanted)})`.execute(db.withoutPlugins());
  return Number(result.numAffectedRows ?? 0);
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

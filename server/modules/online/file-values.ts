import type { QueryExecutorProvider } from 'kysely';
import { CATALOGUE, type Catalogue } from '../../../src/contracts/catalogue/index';
import { fileNameOf, joinFilePaths, splitFilePaths } from '../../../src/contracts/files';
import { readableText, sanitizeHtml } from '../../http/html-sanitize';
import { staticPathsInHtml } from '../files/html-refs';
import { attachFiles, releaseFiles, storedFiles } from '../files/records';
import type { SqlValue } from './coerce';
import type { RowValues } from './queries';
import type { OnlineColumn, OnlineTable } from './table';

/**
 * Values of the fields whose catalogue kind is `files` (comma-joined stored paths) or `html`
 * (rich text), the one place add, edit, detail rows, import and export handle them:
 *
 * - before the rules run (`prepareFileInput`, from `checkRecord`): html is sanitised, a file
 *   value is split into trimmed distinct paths, at most MAX_FILES of at most MAX_PATH
 *   characters;
 * - before writing (`resolveFileValues`): every path must be a file of sys_file (an import
 *   may name a file by its id instead, replaced by its path), so no client path is trusted;
 * - in the save's transaction (`attachRowFiles`): the files and the static-route images of
 *   the html are attached to the page (their `ref_page`), which guards them from then on;
 * - in exports (`exportTexts`): the files' upload names and the html's text.
 */

/** Files one value may hold. */
export const MAX_FILES = 50;
/** Longest stored path (sys_file.path). */
export const MAX_PATH = 255;

export const msgTooManyFiles = (label: string) => `${label}最多${MAX_FILES}个文件`;
export const msgPathTooLong = (label: string) => `${label}的文件路径不能超过${MAX_PATH}个字符`;
/** A saved value names a path sys_file does not hold. */
export const msgUnknownFile = (label: string) => `${label}包含不存在的文件`;
/** A picture field (`fileType: 'image'`) names a stored file that is not a picture. */
export const msgNotImage = (label: string) => `${label}：请上传图片`;
/** An imported cell names neither a stored path nor a file id. */
export const msgImportUnknownFile = (label: string) => `${label}：文件不存在`;

export type FileValueKind = 'files' | 'html';

/** The column's kind when it is `files` or `html` (by its field's catalogue entry), else null. */
export function fileValueKind(
  column: OnlineColumn,
  catalogue: Catalogue = CATALOGUE,
): FileValueKind | null {
  const kind = column.field ? catalogue.get(column.field.type)?.value : undefined;
  return kind === 'files' || kind === 'html' ? kind : null;
}

export type Prepared =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * The input of a field as the rules should see it: html sanitised, a file value's paths
 * trimmed, distinct and bounded. Other fields, empty values and values of the wrong shape
 * (which `coerce` refuses) pass unchanged.
 */
export function prepareFileInput(column: OnlineColumn, input: unknown): Prepared {
  const kind = fileValueKind(column);
  if (kind === 'html') {
    return { ok: true, value: typeof input === 'string' ? sanitizeHtml(input) : input };
  }
  if (kind !== 'files' || !(typeof input === 'string' || Array.isArray(input))) {
    return { ok: true, value: input };
  }
  const paths = [...new Set(splitFilePaths(input))];
  if (paths.length > MAX_FILES) return { ok: false, message: msgTooManyFiles(column.label) };
  if (paths.some((p) => p.length > MAX_PATH)) {
    return { ok: false, message: msgPathTooLong(column.label) };
  }
  return { ok: true, value: joinFilePaths(paths) };
}

interface KindColumn {
  readonly index: number;
  readonly column: OnlineColumn;
  readonly kind: FileValueKind;
  /** Every file must be a picture (the type's `fileType`). */
  readonly images: boolean;
}

/** The table's writable `files` and `html` columns, with their index in a row's values. */
function kindColumns(table: OnlineTable): KindColumn[] {
  return table.writable.flatMap((column, index) => {
    const kind = fileValueKind(column);
    const images = column.field ? CATALOGUE.get(column.field.type)?.fileType === 'image' : false;
    return kind ? [{ index, column, kind, images }] : [];
  });
}

const textOf = (value: SqlValue | undefined): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

export type ResolvedRow =
  | { readonly ok: true; readonly values: RowValues }
  | { readonly ok: false; readonly message: string };

/**
 * Checks the file values of rows (aligned with `table.writable`) against sys_file: each path
 * must be a stored file's. With `acceptIds` (imports) a file id also names its file and is
 * replaced by its path; the messages then say `：文件不存在`. Returns each row's values (new
 * arrays only where something was replaced) or its first problem.
 */
export async function resolveFileValues(
  db: QueryExecutorProvider,
  table: OnlineTable,
  rows: readonly RowValues[],
  acceptIds = false,
): Promise<ResolvedRow[]> {
  const files = kindColumns(table).filter((c) => c.kind === 'files');
  if (files.length === 0) return rows.map((values) => ({ ok: true, values }));
  const keys = rows.flatMap((values) => files.flatMap((c) => splitFilePaths(values[c.index])));
  const found = await storedFiles(db, keys, acceptIds);
  const pathOf = new Map<string, string>();
  const pictures = new Set<string>();
  for (const file of found) {
    pathOf.set(file.path, file.path);
    if (acceptIds) pathOf.set(file.id, file.path);
    if (file.mime.startsWith('image/')) pictures.add(file.path);
  }
  return rows.map((values): ResolvedRow => {
    let resolved: (SqlValue | undefined)[] | null = null;
    for (const { index, column, images } of files) {
      const keysOfValue = splitFilePaths(values[index]);
      if (keysOfValue.length === 0) continue;
      const paths = keysOfValue.map((key) => pathOf.get(key));
      if (paths.some((p) => p === undefined)) {
        const message = acceptIds ? msgImportUnknownFile : msgUnknownFile;
        return { ok: false, message: message(column.label) };
      }
      if (images && paths.some((p) => !pictures.has(p!))) {
        return { ok: false, message: msgNotImage(column.label) };
      }
      const value = joinFilePaths([...new Set(paths as string[])]);
      if (value === textOf(values[index])) continue;
      if (column.length !== null && [...value].length > column.length) {
        return { ok: false, message: `${column.label}的长度不能超过${column.length}个字符` };
      }
      resolved ??= [...values];
      resolved[index] = value;
    }
    return { ok: true, values: resolved ?? values };
  });
}

/** Every stored path the rows reference: file values and static-route urls of html values. */
export function referencedPaths(table: OnlineTable, rows: readonly RowValues[]): string[] {
  const columns = kindColumns(table);
  return rows.flatMap((values) =>
    columns.flatMap(({ index, kind }) =>
      kind === 'files' ? splitFilePaths(values[index]) : staticPathsInHtml(textOf(values[index])),
    ),
  );
}

/**
 * Attaches the files the saved rows reference to the table's page (call it in the save's
 * transaction): the clean-up keeps them, and the page's list permission guards them.
 */
export async function attachRowFiles(
  db: QueryExecutorProvider,
  table: OnlineTable,
  rows: readonly RowValues[],
): Promise<void> {
  const paths = referencedPaths(table, rows);
  if (paths.length > 0) await attachFiles(db, paths, table.pageCode);
}

/** The table's columns holding stored paths or html (every column, not only writable ones). */
export function fileColumnsOf(table: OnlineTable): OnlineColumn[] {
  return table.columns.filter((column) => fileValueKind(column) !== null);
}

/** The file and html columns a save writes (its value is not `undefined`). */
export function writtenFileColumns(table: OnlineTable, values: RowValues): OnlineColumn[] {
  return kindColumns(table)
    .filter(({ index }) => values[index] !== undefined)
    .map(({ column }) => column);
}

/** The stored paths records (by record name, as selects and `returning` give them) reference. */
export function pathsOfRecords(
  columns: readonly OnlineColumn[],
  records: readonly Readonly<Record<string, unknown>>[],
): string[] {
  return records.flatMap((record) =>
    columns.flatMap((column) => {
      const value = record[column.name];
      return fileValueKind(column) === 'files'
        ? splitFilePaths(value)
        : staticPathsInHtml(typeof value === 'string' ? value : '');
    }),
  );
}

/** Releases the files of deleted records (call it in the delete's transaction). */
export async function releaseRecordFiles(
  db: QueryExecutorProvider,
  columns: readonly OnlineColumn[],
  records: readonly Readonly<Record<string, unknown>>[],
): Promise<void> {
  const paths = pathsOfRecords(columns, records);
  if (paths.length > 0) await releaseFiles(db, paths);
}

/** How an export writes a file value or html: texts for the columns that are one, else undefined. */
export type ExportText = (column: OnlineColumn, value: unknown) => string | null | undefined;

/**
 * Export texts for a chunk of records: a file value as its files' upload names joined with
 * `, ` (the name part of the path for a file sys_file does not know), html as plain text.
 */
export async function exportTexts(
  db: QueryExecutorProvider,
  columns: readonly OnlineColumn[],
  records: readonly Readonly<Record<string, unknown>>[],
): Promise<ExportText> {
  const kinds = new Map(columns.map((c) => [c, fileValueKind(c)] as const));
  const fileColumns = columns.filter((c) => kinds.get(c) === 'files');
  const paths = records.flatMap((r) => fileColumns.flatMap((c) => splitFilePaths(r[c.name])));
  const names = new Map((await storedFiles(db, paths)).map((f) => [f.path, f.originalName]));
  return (column, value) => {
    const kind = kinds.get(column);
    if (!kind) return undefined;
    if (value === null || value === undefined || value === '') return null;
    if (kind === 'html') return readableText(String(value));
    return splitFilePaths(value)
      .map((p) => names.get(p) ?? fileNameOf(p))
      .join(', ');
  };
}

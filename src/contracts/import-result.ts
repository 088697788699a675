/**
 * The `result` of an Excel import's answer (jeecg-api.md §4.13), as the server sends it and the
 * import modal reads it. One file: the counts and the error file of that file (code 201), or
 * null when every row was saved. Several files (`files[]`): the same sums over the files, the
 * first error file, and `files` with each file's own outcome in upload order.
 */

/** One uploaded file's outcome. */
export interface ImportFileOutcome {
  /** The file's name as uploaded. */
  readonly name: string;
  /** False when the file was refused as a whole (nothing of it saved). */
  readonly success: boolean;
  /** `文件导入成功！数据行数：N`, the partial summary, or why the file was refused. */
  readonly message: string;
  readonly totalCount?: number;
  readonly errorCount?: number;
  readonly successCount?: number;
  /** Its error file (`/sys/common/static/…`) when some rows were refused. */
  readonly fileUrl?: string;
  readonly fileName?: string;
}

export interface ImportSummary {
  readonly totalCount?: number;
  readonly errorCount?: number;
  readonly successCount?: number;
  /** `总上传行数：…，已导入行数：…，错误行数：…` (one file). */
  readonly msg?: string;
  /** The (first) error file. */
  readonly fileUrl?: string;
  readonly fileName?: string;
  /** Several files: each file's outcome, in upload order. */
  readonly files?: readonly ImportFileOutcome[];
}

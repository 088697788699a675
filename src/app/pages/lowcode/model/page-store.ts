import type { ApiEnvelope, Page } from '../../../../contracts/envelope';
import type { PageSummary, PageVersion } from '../../../../contracts/page';
import {
  PageApiPath,
  type AddToMenuRequest,
  type DictSources,
  type DraftFromTableResult,
  type EditPageRequest,
  type PageListQuery,
  type RollbackRequest,
  type SavePageRequest,
  type StoredPageResult,
  type ValidateResult,
} from '../../../../contracts/page-api';
import { HttpError, type Http } from '../../../../runtime/http';
import { announcePageChange } from '../../../../runtime/page-changes';

/**
 * The page store calls as the editor uses them. Every call settles to an outcome instead of
 * throwing: a refusal keeps the server's message and result (problems, columns to drop, the
 * current version), and says whether the runtime already showed it (HTTP failures are shown
 * by the runtime's error catalogue; refusals in a 200 envelope are the caller's to show).
 */
export type Outcome<T> =
  | { readonly ok: true; readonly result: T; readonly message: string }
  | {
      readonly ok: false;
      readonly message: string;
      /** The envelope's `result` (details of the refusal), or null. */
      readonly result: unknown;
      readonly code: number | null;
      /** Already shown to the user by the runtime. */
      readonly presented: boolean;
    };

export type Failure = Extract<Outcome<unknown>, { ok: false }>;

function resultOf(body: unknown): unknown {
  return body && typeof body === 'object' && 'result' in body
    ? (body as { result: unknown }).result
    : null;
}

export async function settle<T>(call: Promise<ApiEnvelope<T>>): Promise<Outcome<T>> {
  try {
    const envelope = await call;
    if (envelope.success) return { ok: true, result: envelope.result, message: envelope.message };
    return {
      ok: false,
      message: envelope.message || '操作失败',
      result: envelope.result ?? null,
      code: envelope.code,
      presented: Boolean(envelope.messageMode),
    };
  } catch (error) {
    if (error instanceof HttpError) {
      return {
        ok: false,
        message: error.message,
        result: resultOf(error.body),
        code: error.status,
        presented: true,
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, result: null, code: null, presented: false };
  }
}

/** The outcome, after announcing a change of the page `codeOf` names when it succeeded. */
async function announcing<T>(
  outcome: Promise<Outcome<T>>,
  codeOf: (result: T) => string,
): Promise<Outcome<T>> {
  const settled = await outcome;
  if (settled.ok) announcePageChange(codeOf(settled.result));
  return settled;
}

const storedCode = (stored: StoredPageResult) => stored.code;

export function createPageStore(http: Http) {
  return {
    list: (query: PageListQuery) =>
      settle(http.get<Page<PageSummary>>(PageApiPath.list, { ...query })),
    queryByCode: (code: string) =>
      settle(http.get<StoredPageResult>(PageApiPath.queryByCode, { code })),
    add: (request: SavePageRequest) =>
      announcing(settle(http.post<StoredPageResult>(PageApiPath.add, request)), storedCode),
    edit: (request: EditPageRequest) =>
      announcing(settle(http.put<StoredPageResult>(PageApiPath.edit, request)), storedCode),
    remove: (code: string) =>
      announcing(settle(http.delete<unknown>(PageApiPath.delete, { code })), () => code),
    /** `code` names the stored page being edited; absent for a new page. */
    validate: (definition: unknown, code?: string) =>
      settle(
        http.post<ValidateResult>(
          PageApiPath.validate,
          code === undefined ? { definition } : { definition, code },
        ),
      ),
    versions: (code: string) => settle(http.get<PageVersion[]>(PageApiPath.versions, { code })),
    version: (code: string, version: number) =>
      settle(http.get<StoredPageResult>(PageApiPath.version, { code, version })),
    rollback: (request: RollbackRequest) =>
      announcing(settle(http.post<StoredPageResult>(PageApiPath.rollback, request)), storedCode),
    addToMenu: (request: AddToMenuRequest) =>
      settle(http.post<{ menuId: string }>(PageApiPath.addToMenu, request)),
    draftFromTable: (table: string) =>
      settle(http.post<DraftFromTableResult>(PageApiPath.draftFromTable, { table })),
    draftTables: () => settle(http.get<string[]>(PageApiPath.draftTables)),
    dictSources: () => settle(http.get<DictSources>(PageApiPath.dictSources)),
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

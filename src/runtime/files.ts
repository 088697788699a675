import type { ApiEnvelope } from '../contracts/envelope';
import {
  DEFAULT_BIZ,
  SIGN_URL_PATH,
  UPLOAD_PATH,
  fileNameOf,
  splitFilePaths,
  staticFileUrl,
} from '../contracts/files';
import type { Http } from './http';
import { HttpError } from './http';
import { saveBlob } from './save-blob';
import { createFileInfoLoader, VIEW_URL_REUSE_MS } from './file-info';

/**
 * Files for widgets (widgets.md §2.6, §4 "Upload status"): uploads with real progress, URLs an
 * `<img>` can show, downloads through the token-carrying client. One client per Http.
 */

/** widgets.md §4: an upload failure without a server message. */
export const MSG_UNKNOWN_UPLOAD_ERROR = '未知错误';
/** widgets.md §7 "Download": an empty blob. */
export const MSG_DOWNLOAD_FAILED = '文件下载失败';

export interface UploadOptions {
  /** The folder to store under (widgets.md §7: default `temp`). */
  readonly biz?: string;
  /** A column's own `action` URL instead of the upload route (same site only). */
  readonly action?: string;
  /** The answer's field that holds the stored path (widgets.md §3: default `message`). */
  readonly responseName?: string;
  /** Extra multipart fields (a column's data, `jeditor=1` for rich text). */
  readonly fields?: Readonly<Record<string, string>>;
  readonly onProgress?: (percent: number) => void;
  readonly signal?: AbortSignal;
}

/** An upload the server refused or that did not reach it; `message` is what to show. */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface FileClient {
  /** Uploads one file; resolves with its stored path, rejects with an UploadError. */
  upload(file: Blob & { readonly name?: string }, options?: UploadOptions): Promise<string>;
  /** A URL that shows the stored file without the token header (cached until near expiry). */
  viewUrl(path: string): Promise<string>;
  /** The name the file was uploaded with (fileNameOf of the path when the server has none). */
  name(path: string): Promise<string>;
  /** The name already known without asking (uploaded here or answered before), else undefined. */
  knownName(path: string): string | undefined;
  /** Downloads a stored file under its readable name; warns 文件下载失败 on an empty file. */
  download(path: string): Promise<void>;
}

function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as Partial<ApiEnvelope> | null;
    return (typeof body?.message === 'string' && body.message) || error.message;
  }
  if (error instanceof Error && error.name !== 'CanceledError') return error.message;
  return MSG_UNKNOWN_UPLOAD_ERROR;
}

function readPath(envelope: ApiEnvelope<unknown>, responseName: string): string | null {
  const value = (envelope as unknown as Record<string, unknown>)[responseName];
  const first = splitFilePaths(typeof value === 'string' ? value : '')[0];
  return first ?? null;
}

export function createFileClient(http: Http, now: () => number = Date.now): FileClient {
  const viewUrls = new Map<string, { url: Promise<string>; at: number }>();
  const infos = createFileInfoLoader(http, now);
  /** One signed URL for a file the batch does not know (files the server wrote itself). */
  const signOne = (path: string) =>
    http.get<string>(SIGN_URL_PATH, { path }, { silent: true }).then((envelope) => {
      if (!envelope.success || typeof envelope.result !== 'string') {
        throw new Error(envelope.message);
      }
      return `${http.baseURL ?? ''}${envelope.result}`;
    });
  const name = async (path: string) =>
    infos.knownName(path) ?? (await infos.info(path).catch(() => null))?.name ?? fileNameOf(path);
  return {
    async upload(file, options = {}) {
      const form = new FormData();
      form.append('biz', options.biz ?? DEFAULT_BIZ);
      form.append('isup', '1');
      for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
      form.append('file', file, file.name ?? 'file');
      let envelope: ApiEnvelope<unknown>;
      try {
        envelope = await http.upload(options.action ?? UPLOAD_PATH, form, {
          silent: true,
          onUploadProgress: options.onProgress,
          signal: options.signal,
        });
      } catch (error) {
        throw new UploadError(messageOf(error));
      }
      const path = envelope.success ? readPath(envelope, options.responseName ?? 'message') : null;
      if (!path) throw new UploadError(envelope.message || MSG_UNKNOWN_UPLOAD_ERROR);
      if (file.name) infos.rememberName(path, file.name);
      return path;
    },
    viewUrl(path) {
      const cached = viewUrls.get(path);
      if (cached && now() - cached.at < VIEW_URL_REUSE_MS) return cached.url;
      const url = infos.info(path).then((info) => info?.url ?? signOne(path));
      viewUrls.set(path, { url, at: now() });
      url.catch(() => viewUrls.delete(path));
      return url;
    },
    async download(path) {
      const blob = await http.blob(staticFileUrl(path));
      if (blob.size === 0) throw new Error(MSG_DOWNLOAD_FAILED);
      saveBlob(blob, await name(path));
    },
    name,
    knownName: (path) => infos.knownName(path),
  };
}

const clients = new WeakMap<Http, FileClient>();

/** The file client of an Http (one per client, so signed URLs are shared by every widget). */
export function fileClientFor(http: Http): FileClient {
  let client = clients.get(http);
  if (!client) {
    client = createFileClient(http);
    clients.set(http, client);
  }
  return client;
}

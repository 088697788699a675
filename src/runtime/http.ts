import type { AxiosError } from 'axios';
import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ApiEnvelope } from '../contracts/envelope';
import { staysOnSite } from '../contracts/urls';
import { REQUEST_TIMEOUT_MS, RELOAD_AFTER_LOGOUT_MS } from './constants';
import {
  MSG_EXPIRED_BUTTON,
  MSG_EXPIRED_CONTENT,
  MSG_EXPIRED_TITLE,
  MSG_SYSTEM_TITLE,
  classifyHttpError,
  type ErrorOutcome,
} from './error-catalogue';
import { presentServerMessage, type Presenter } from './presenter';
import type { SessionStore } from './session';
import { isSafeCall, MSG_UNDECRYPTABLE, SAFETY_FLAG } from '../contracts/secure-call';
import { UndecryptableError, type SealedCall, type SecureChannel } from './secure-call';
import { lastSegment, signHeaders } from './sign';

export interface RequestOptions {
  /** Add X-Sign / X-TIMESTAMP; default true for GET and POST (PUT and DELETE are unsigned). */
  readonly sign?: boolean;
  /**
   * Leave failures to the caller: nothing is presented and a 401 does not end the session
   * by itself (sign-out uses this: it clears the session its own way).
   */
  readonly silent?: boolean;
  readonly responseType?: 'json' | 'blob';
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
  /** Upload progress of the request body, 0–100 (XHR upload events). */
  readonly onUploadProgress?: (percent: number) => void;
  /** Milliseconds before the call gives up; default REQUEST_TIMEOUT_MS (0: never). */
  readonly timeout?: number;
}

/** Said (as an Error) when code asks the client to call a url off this site. */
export const MSG_OFF_SITE = '只能请求本站的接口，已拒绝：';

/** A call that did not produce an envelope with HTTP 2xx. */
export class HttpError extends Error {
  constructor(
    readonly status: number | null,
    readonly outcome: ErrorOutcome,
    readonly body: unknown,
  ) {
    super(outcome.kind === 'expired' ? MSG_EXPIRED_CONTENT : outcome.description);
    this.name = 'HttpError';
  }
}

export interface Http {
  /** Where API paths resolve (origin + /system), for URLs used outside the client (`<img>`). */
  readonly baseURL?: string;
  get<T>(url: string, params?: object, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  delete<T>(url: string, params?: object, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** Raw GET of a file (blob); the body of a JSON error answer is checked like any other. */
  blob(url: string, params?: object, options?: RequestOptions): Promise<Blob>;
  /**
   * A multipart POST (unsigned: the signature covers JSON bodies only) reporting the body's
   * upload progress through `options.onUploadProgress`; no timeout unless one is given.
   */
  upload<T>(url: string, form: FormData, options?: RequestOptions): Promise<ApiEnvelope<T>>;
}

export interface HttpDeps {
  /** Origin + /system. */
  readonly baseURL: string;
  readonly session: SessionStore;
  readonly presenter: Presenter;
  /** Called once the session ended on the server's word (401, expiry): reload the app. */
  readonly onSessionEnded: () => void;
  readonly now?: () => number;
  /** Test seam: answer requests without a network. */
  readonly adapter?: AxiosAdapter;
  /** Delay before onSessionEnded after a 401 (1.5 s). */
  readonly reloadDelayMs?: number;
  /** Security mode: seals the safe calls' bodies and opens their answers. */
  readonly secure?: SecureChannel;
}

interface Meta {
  readonly options: RequestOptions;
  readonly hadToken: boolean;
}
const META = Symbol('request-meta');
type ConfigWithMeta = InternalAxiosRequestConfig & { [META]?: Meta };

async function bodyOf(response: AxiosResponse | undefined): Promise<unknown> {
  const data: unknown = response?.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text());
    } catch {
      return null;
    }
  }
  return data;
}

/**
 * Query parameters as they travel and as they are signed: empty values dropped, arrays joined
 * with commas (the list convention of the API), everything else as text. Signing and the URL
 * then see the same strings.
 */
export function normalizeParams(
  params: Readonly<Record<string, unknown>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[key] = value.join(',');
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === 'object') out[key] = JSON.stringify(value);
    else out[key] = String(value);
  }
  return out;
}

/**
 * The request runtime of shell.md §7/§8: token, tenant, `_t`, signing, 60 s timeout and the
 * error catalogue. One instance per app (tests make their own).
 */
export function createHttp(deps: HttpDeps): Http {
  const now = deps.now ?? Date.now;
  const instance: AxiosInstance = axios.create({
    baseURL: deps.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
  let ending = false;

  const endSession = (outcome: ErrorOutcome) => {
    if (ending) return;
    if (outcome.kind === 'expired') {
      ending = true;
      void deps.presenter
        .modal('error', MSG_EXPIRED_TITLE, MSG_EXPIRED_CONTENT, MSG_EXPIRED_BUTTON)
        .then(() => {
          deps.session.clear();
          deps.onSessionEnded();
        });
    } else if (outcome.kind === 'unauthorized' && outcome.logout) {
      ending = true;
      deps.session.clear();
      setTimeout(deps.onSessionEnded, deps.reloadDelayMs ?? RELOAD_AFTER_LOGOUT_MS);
    }
  };

  // An encrypted answer that does not open (or a request the server could not open): the keys
  // no longer match, so the session starts again (shell.md §8).
  const undecryptable = (options: RequestOptions): UndecryptableError => {
    deps.secure?.reset();
    if (!options.silent && !ending) {
      ending = true;
      deps.presenter.message('error', MSG_UNDECRYPTABLE);
      deps.session.clear();
      setTimeout(deps.onSessionEnded, deps.reloadDelayMs ?? RELOAD_AFTER_LOGOUT_MS);
    }
    return new UndecryptableError();
  };

  /** The envelope with a sealed result opened; throws when it does not open. */
  const openEnvelope = async (
    envelope: unknown,
    sealed: SealedCall | null,
    options: RequestOptions,
  ): Promise<unknown> => {
    if (!envelope || typeof envelope !== 'object' || !(SAFETY_FLAG in envelope)) return envelope;
    const { [SAFETY_FLAG]: _flag, ...plain } = envelope as Record<string, unknown>;
    try {
      if (!deps.secure) throw new UndecryptableError();
      return { ...plain, result: await deps.secure.open(plain.result, sealed?.key ?? null) };
    } catch {
      throw undecryptable(options);
    }
  };

  instance.interceptors.request.use((config: ConfigWithMeta) => {
    const meta = config[META]!;
    const token = deps.session.getToken();
    config.headers.set('X-Access-Token', token ?? '');
    config.headers.set('tenant_id', String(deps.session.getTenantId()));
    const method = (config.method ?? 'get').toLowerCase();
    if (config.params) config.params = normalizeParams(config.params as Record<string, unknown>);
    if (method === 'get') config.params = { ...config.params, _t: Math.floor(now() / 1000) };
    const sign = meta.options.sign ?? (method === 'get' || method === 'post');
    if (sign) {
      const headers = signHeaders(
        {
          query: (config.params ?? {}) as Record<string, unknown>,
          body: method === 'get' ? undefined : config.data,
          lastPathSegment: lastSegment(config.url ?? ''),
        },
        now(),
      );
      for (const [name, value] of Object.entries(headers)) config.headers.set(name, value);
    }
    return config;
  });

  async function send<T>(
    method: 'get' | 'post' | 'put' | 'delete',
    url: string,
    payload: { params?: object; data?: unknown },
    options: RequestOptions = {},
  ): Promise<T> {
    // The token goes with every call: never to another host (`//host`, `https://…`).
    if (!staysOnSite(url)) throw new Error(`${MSG_OFF_SITE}${url}`);
    let sealed: SealedCall | null = null;
    if (deps.secure && isSafeCall(method, url)) {
      try {
        sealed = await deps.secure.seal(payload.data);
      } catch (error) {
        // No answer to the verify call, or no Web Crypto: nothing was sent.
        const text = error instanceof Error ? error.message : String(error);
        if (!options.silent) deps.presenter.notify('error', MSG_SYSTEM_TITLE, text);
        throw error;
      }
    }
    const config = {
      method,
      url,
      params: payload.params,
      data: sealed ? sealed.body : payload.data,
      responseType: options.responseType ?? 'json',
      signal: options.signal,
      headers: { ...options.headers },
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      ...(options.onUploadProgress
        ? {
            onUploadProgress: (event: { loaded: number; total?: number }) => {
              if (event.total) {
                options.onUploadProgress!(
                  Math.min(100, Math.round((event.loaded / event.total) * 100)),
                );
              }
            },
          }
        : {}),
      [META]: { options, hadToken: Boolean(deps.session.getToken()) } satisfies Meta,
    };
    try {
      const response = await instance.request(config);
      const envelope = (await openEnvelope(response.data, sealed, options)) as ApiEnvelope | null;
      if (!options.silent && envelope && typeof envelope === 'object' && envelope.messageMode) {
        presentServerMessage(
          deps.presenter,
          envelope.messageMode,
          envelope.messageLevel ?? (envelope.success ? 'success' : 'error'),
          envelope.message,
        );
      }
      return envelope as T;
    } catch (error) {
      if (axios.isCancel(error) || error instanceof UndecryptableError) throw error;
      const axiosError = error as AxiosError;
      const status = axiosError.response?.status ?? null;
      const body = await bodyOf(axiosError.response);
      const timedOut = axiosError.code === 'ECONNABORTED' || axiosError.code === 'ETIMEDOUT';
      if (sealed && (body as Partial<ApiEnvelope> | null)?.message === MSG_UNDECRYPTABLE) {
        throw undecryptable(options);
      }
      const outcome = classifyHttpError(status, body, config[META].hadToken, timedOut);
      if (options.silent) {
        // The caller handles it.
      } else if (outcome.kind === 'expired') {
        endSession(outcome);
      } else if (!ending) {
        deps.presenter.notify('error', MSG_SYSTEM_TITLE, outcome.description);
        endSession(outcome);
      }
      throw new HttpError(status, outcome, body);
    }
  }

  return {
    baseURL: deps.baseURL,
    get: (url, params, options) => send('get', url, { params }, options),
    post: (url, data, options) => send('post', url, { data }, options),
    put: (url, data, options) => send('put', url, { data }, options),
    delete: (url, params, options) => send('delete', url, { params }, options),
    blob: (url, params, options) =>
      send('get', url, { params }, { ...options, responseType: 'blob' }),
    // Large files on slow links take longer than a JSON call: no timeout by default.
    upload: (url, form, options) =>
      send('post', url, { data: form }, { timeout: 0, ...options, sign: false }),
  };
}

/**
 * Test doubles for the request runtime: an axios adapter that answers from a function (no
 * network) and records every request, and a presenter that records what the user would see.
 */
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ApiEnvelope, MessageLevel } from '../../src/contracts/envelope';
import type { Presenter } from '../../src/runtime/presenter';
import type { UserInfo } from '../../src/contracts/session';

export interface Reply {
  readonly status: number;
  readonly data: unknown;
}

/** Answers one request: a reply (any status) or an error thrown as the transport's failure. */
export type Responder = (
  config: InternalAxiosRequestConfig,
) => Reply | AxiosError | Promise<Reply | AxiosError>;

export interface FakeServer {
  readonly adapter: AxiosAdapter;
  /** Every request the runtime sent, in order, as the adapter received it. */
  readonly requests: InternalAxiosRequestConfig[];
}

/** An adapter that settles like axios's own: 2xx resolves, anything else rejects. */
export function fakeServer(responder: Responder): FakeServer {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await responder(config);
    if (reply instanceof AxiosError) throw reply;
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return { adapter, requests };
}

/** The server's envelope around a result. */
export function envelope<T>(result: T, overrides: Partial<ApiEnvelope<T>> = {}): ApiEnvelope<T> {
  return {
    success: true,
    message: '操作成功！',
    code: 200,
    result,
    timestamp: 1_700_000_000_000,
    ...overrides,
  };
}

/** A failed envelope as the server answers it with a non-2xx status. */
export function failure(code: number, message: string): ApiEnvelope<null> {
  return envelope(null, { success: false, code, message });
}

/** The transport gave up after the configured timeout (no response). */
export function timedOut(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config, {});
}

/** The server could not be reached (no response). */
export function unreachable(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
}

export type Shown =
  | { readonly kind: 'message'; readonly level: MessageLevel; readonly text: string }
  | {
      readonly kind: 'notify';
      readonly level: MessageLevel;
      readonly title: string;
      readonly description: string;
    }
  | {
      readonly kind: 'modal';
      readonly level: MessageLevel;
      readonly title: string;
      readonly content: string;
      readonly okText: string;
    };

export interface RecordingPresenter extends Presenter {
  /** Everything shown so far, in order. */
  readonly shown: Shown[];
  /** Presses the button of the oldest open modal. */
  pressModalButton(): void;
  /** How many modals wait for their button. */
  openModals(): number;
}

export function recordingPresenter(): RecordingPresenter {
  const shown: Shown[] = [];
  const waiting: (() => void)[] = [];
  return {
    shown,
    message(level, text) {
      shown.push({ kind: 'message', level, text });
    },
    notify(level, title, description) {
      shown.push({ kind: 'notify', level, title, description });
    },
    modal(level, title, content, okText) {
      shown.push({ kind: 'modal', level, title, content, okText });
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    pressModalButton() {
      const press = waiting.shift();
      if (!press) throw new Error('no modal is open');
      press();
    },
    openModals: () => waiting.length,
  };
}

/** A Web Storage in memory, for caches a test wants to inspect in isolation. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
}

/** A signed-in user as user-info answers it; override what a test cares about. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u1',
    username: 'admin',
    realname: '管理员',
    avatar: null,
    sex: 1,
    email: null,
    phone: null,
    orgCode: null,
    orgCodeTxt: null,
    workNo: null,
    post: null,
    status: 1,
    birthday: null,
    createTime: null,
    ...overrides,
  };
}

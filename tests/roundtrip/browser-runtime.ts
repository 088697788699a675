/**
 * The browser's runtime wired as src/app/services.ts wires it (http client, session, security
 * channel, certificate store)
 * talking to the real server app in process: an axios adapter that passes each request to
 * `app.inject` and records what travelled, for round-trip tests.
 */
import axios, { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { vi } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/runtime/api';
import {
  createCertificateStore,
  type CertificateStore,
} from '../../src/runtime/client-certificate';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { createHttp, type Http } from '../../src/runtime/http';
import { createSecureChannel } from '../../src/runtime/secure-call';
import { createSessionStore, type SessionStore } from '../../src/runtime/session';
// The API suite's provided context (`inject('testDb')` in test-app.ts), declared by its setup.
import type {} from '../support/global-setup';
import { MemoryStorage, recordingPresenter, type RecordingPresenter } from '../runtime/fakes';

/** One request as it travelled: the text of both bodies. */
export interface WireExchange {
  readonly method: string;
  readonly url: string;
  readonly requestText: string;
  readonly responseText: string;
}

export interface WireTamper {
  /** Rewrites a request's body text before the server sees it. */
  readonly request?: (url: string, text: string) => string;
  /** Rewrites an answer's text before the browser sees it. */
  readonly response?: (url: string, text: string) => string;
}

/** An adapter answering through `app.inject`, settling like axios's own (2xx resolves). */
export function injectAdapter(
  app: FastifyInstance,
  wire: WireExchange[],
  tamper: WireTamper = {},
): AxiosAdapter {
  return async (config) => {
    const target = new URL(axios.getUri(config));
    const url = target.pathname + target.search;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(config.headers.toJSON())) {
      if (value === undefined || value === null) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const sent = typeof config.data === 'string' ? config.data : '';
    const requestText = tamper.request ? tamper.request(target.pathname, sent) : sent;
    const reply = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as HTTPMethods,
      url,
      headers,
      ...(requestText ? { payload: requestText } : {}),
    });
    const responseText = tamper.response
      ? tamper.response(target.pathname, reply.body)
      : reply.body;
    wire.push({ method: config.method ?? 'get', url: target.pathname, requestText, responseText });
    const response: AxiosResponse = {
      data: responseText,
      status: reply.statusCode,
      statusText: String(reply.statusCode),
      headers: reply.headers as Record<string, string>,
      config,
      request: {},
    };
    if (reply.statusCode >= 200 && reply.statusCode < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.statusCode}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
}

export interface BrowserRuntime {
  readonly http: Http;
  readonly api: SessionApi;
  readonly session: SessionStore;
  readonly certificate: CertificateStore;
  readonly presenter: RecordingPresenter;
  readonly onSessionEnded: ReturnType<typeof vi.fn>;
  /** Every exchange so far, oldest first. */
  readonly wire: WireExchange[];
}

/** The browser's runtime against the real app (no reload delay after a forced logout). */
export function browserRuntime(app: FastifyInstance, tamper: WireTamper = {}): BrowserRuntime {
  const wire: WireExchange[] = [];
  const presenter = recordingPresenter();
  const onSessionEnded = vi.fn();
  const cache = createExpiringCache(new MemoryStorage());
  const session = createSessionStore(cache);
  const secure = createSecureChannel({
    probe: async () => {
      const answer = await api.securityVerify();
      return answer.success ? answer.result : null;
    },
  });
  const http = createHttp({
    baseURL: 'http://localhost/system',
    session,
    presenter,
    onSessionEnded,
    secure,
    reloadDelayMs: 0,
    adapter: injectAdapter(app, wire, tamper),
  });
  const api = createSessionApi(http);
  const certificate = createCertificateStore(cache);
  return { http, api, session, certificate, presenter, onSessionEnded, wire };
}

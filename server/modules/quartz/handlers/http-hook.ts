import Type, { type Static } from 'typebox';
import { defineHandler } from './handler';

/** How long a hook may take before the run fails. */
export const HTTP_HOOK_TIMEOUT_MS = 10_000;

const PARAMS = Type.Object(
  {
    /** A path on this server (`/system/...`): never a host, scheme or `//`. */
    path: Type.String({ minLength: 1, maxLength: 500, pattern: '^/(?![/\\\\])[^\\s]*$' }),
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  },
  { additionalProperties: false },
);

export const MSG_NOT_LISTENING = '服务尚未监听端口，无法调用本机接口';
export const msgHttpStatus = (status: number) => `接口返回 HTTP ${status}`;
export const MSG_HTTP_TIMEOUT = `接口在 ${HTTP_HOOK_TIMEOUT_MS / 1000} 秒内没有响应`;

/**
 * The URL a hook calls: the path resolved against this server's own origin. Anything that
 * would leave it (an absolute URL, `//host`, a backslash trick) is refused.
 */
export function selfUrl(origin: string, path: string): URL {
  const url = new URL(path, origin);
  if (url.origin !== new URL(origin).origin || !path.startsWith('/') || path.startsWith('//')) {
    throw new Error('只能调用本机接口');
  }
  return url;
}

/**
 * 调用本机HTTP接口: one request to a path of this very server (127.0.0.1 and the port it
 * listens on); a status outside 2xx, or an envelope answering success false, is a failure.
 */
export const httpHook = defineHandler<Static<typeof PARAMS>>({
  key: 'httpHook',
  name: '调用本机HTTP接口',
  paramsSchema: PARAMS,
  async run(params, { selfOrigin }) {
    const origin = selfOrigin();
    if (!origin) throw new Error(MSG_NOT_LISTENING);
    const url = selfUrl(origin, params.path);
    let response: Response;
    try {
      response = await fetch(url, {
        method: params.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(HTTP_HOOK_TIMEOUT_MS),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new Error(MSG_HTTP_TIMEOUT, { cause: error });
      }
      throw new Error(`接口调用失败：${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    if (response.status < 200 || response.status > 299)
      throw new Error(msgHttpStatus(response.status));
    const envelope = parseEnvelope(text);
    if (envelope && envelope.success === false) {
      throw new Error(`接口返回失败：${envelope.message ?? ''}`.trim());
    }
  },
});

function parseEnvelope(text: string): { success?: unknown; message?: string } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as { success?: unknown }) : null;
  } catch {
    return null;
  }
}

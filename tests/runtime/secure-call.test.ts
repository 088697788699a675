import { describe, expect, it, vi } from 'vitest';
import type { SecurityVerifyResult } from '../../src/contracts/config';
import { MSG_UNDECRYPTABLE } from '../../src/contracts/secure-call';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { createHttp } from '../../src/runtime/http';
import { MSG_NO_WEB_CRYPTO, createSecureChannel } from '../../src/runtime/secure-call';
import { createSessionStore } from '../../src/runtime/session';
import { MemoryStorage, envelope, fakeServer, recordingPresenter } from './fakes';

const ON: SecurityVerifyResult = { value: 'ok', publicKey: 'AAAA', certificateMode: false };
const OFF: SecurityVerifyResult = { value: 'off', publicKey: '', certificateMode: false };

/** The runtime's http client on a fake server, with a security channel on `probe`. */
function setup(
  probe: () => Promise<SecurityVerifyResult | null>,
  crypto: Crypto | undefined,
  answer: 'plain' | 'sealed' = 'plain',
) {
  const session = createSessionStore(createExpiringCache(new MemoryStorage()));
  session.saveLogin({ tokenValue: 'tok-1', sessionTimeout: 3600, publicKey: '', privateKey: '' });
  const presenter = recordingPresenter();
  const onSessionEnded = vi.fn();
  const sealed = { ...envelope({ iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' }), isSafety: true };
  const server = fakeServer(() => ({
    status: 200,
    data: answer === 'sealed' ? sealed : envelope(null),
  }));
  const secure = createSecureChannel({ probe, crypto });
  const http = createHttp({
    baseURL: 'http://app.test/system',
    session,
    presenter,
    onSessionEnded,
    secure,
    reloadDelayMs: 0,
    adapter: server.adapter,
  });
  return { http, session, presenter, server, onSessionEnded };
}

describe('security channel (shell.md §4)', () => {
  it('asks the verify call once, and sends safe calls plain when the mode is off', async () => {
    const probe = vi.fn(() => Promise.resolve(OFF));
    const { http, server } = setup(probe, globalThis.crypto);
    await http.post('/sys/user/updatePassword', { password: 'p' });
    await http.post('/sys/user/updatePassword', { password: 'p' });
    expect(probe).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(server.requests[0]?.data))).toEqual({ password: 'p' });
  });

  it('refuses to send a safe call without Web Crypto, saying why, and sends nothing', async () => {
    const { http, server, presenter } = setup(() => Promise.resolve(ON), undefined);
    await expect(http.post('/sys/user/updatePassword', { password: 'p' })).rejects.toThrow(
      MSG_NO_WEB_CRYPTO,
    );
    expect(server.requests).toHaveLength(0);
    expect(presenter.shown).toContainEqual(
      expect.objectContaining({ kind: 'notify', description: MSG_NO_WEB_CRYPTO }),
    );
  });

  it('asks again after the verify call went unanswered', async () => {
    const probe = vi
      .fn<() => Promise<SecurityVerifyResult | null>>()
      .mockRejectedValueOnce(new Error('网络超时'))
      .mockResolvedValue(OFF);
    const { http, server } = setup(probe, globalThis.crypto);
    await expect(http.post('/sys/user/updatePassword', {})).rejects.toThrow('网络超时');
    await http.post('/sys/user/updatePassword', {});
    expect(probe).toHaveBeenCalledTimes(2);
    expect(server.requests).toHaveLength(1);
  });

  it('an answer flagged isSafety that this browser cannot open ends the session', async () => {
    const { http, session, presenter, onSessionEnded } = setup(
      () => Promise.resolve(OFF),
      globalThis.crypto,
      'sealed',
    );
    // A call that went plain has no key: its sealed answer cannot be opened.
    await expect(http.post('/sys/user/updatePassword', {})).rejects.toThrow(MSG_UNDECRYPTABLE);
    expect(presenter.shown).toContainEqual({
      kind: 'message',
      level: 'error',
      text: MSG_UNDECRYPTABLE,
    });
    expect(session.getToken()).toBeNull();
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalled());
  });
});

import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LOGIN_EVENT_TEXT, LOG_TYPE_LOGIN, type LoginEvent } from '../../src/contracts/system-log';
import type { Db } from '../db/index';
import { newId } from '../ids';
import type { LoginPolicy } from './login-lockout';

/**
 * 登录日志 (issue 23): one `sys_log` row (log_type 1) per session event — a sign-in, a refused
 * one, a lock, a sign-out, an expiry, a forced sign-out, a password reset. Only successful
 * sign-ins (`event = 'login'`) count as visits (server/modules/stats/visits.ts). A row holds
 * the name and never a password: a refused sign-in keeps the name as typed (trimmed, cut).
 */

/** Characters of a name a row keeps (`sys_log.username` is varchar(100)). */
export const LOG_NAME_LIMIT = 100;
const CONTENT_LIMIT = 1000;
const URL_LIMIT = 255;
const CREATE_BY_LIMIT = 32;
/** Rows one insert writes (a purge of many expired sessions goes in several). */
const INSERT_BATCH = 500;

/** Where a request-driven event came from. */
export interface EventSource {
  /** The client address (`request.ip`). */
  readonly ip: string | null;
  readonly url: string | null;
  /** HTTP method. */
  readonly method: string | null;
}

export interface LoginEventEntry {
  readonly event: LoginEvent;
  /** The account, when one is known (a refused name may belong to none). */
  readonly userId: string | null;
  /** The account's name, or the name as typed; trimmed and cut to LOG_NAME_LIMIT. */
  readonly username: string;
  /** Shown in the `login` sentence. */
  readonly realname?: string;
  readonly source: EventSource;
  /** The sentence; default `用户名: x 退出登录` (login: `用户名: x,实名登录成功！`). */
  readonly content?: string;
  /** When it happened; default now (the database's clock). */
  readonly at?: Date;
}

/** A name as a row keeps it: surrounding blanks dropped, at most LOG_NAME_LIMIT characters. */
export function logName(raw: string): string {
  return [...raw.trim()].slice(0, LOG_NAME_LIMIT).join('');
}

/** The row's subject, as every sentence starts: `用户名: x`. */
export function subjectOf(username: string): string {
  return `用户名: ${logName(username)}`;
}

function defaultContent(entry: LoginEventEntry): string {
  if (entry.event === 'login') {
    return `${subjectOf(entry.username)},${entry.realname ?? ''}登录成功！`;
  }
  return `${subjectOf(entry.username)} ${LOGIN_EVENT_TEXT[entry.event]}`;
}

/** The address, URL and method of a request. */
export function sourceOf(request: FastifyRequest): EventSource {
  return { ip: request.ip, url: request.url, method: request.method };
}

/** No request: the purge of expired sessions, with the session's own address. */
export function sourceAt(ip: string | null): EventSource {
  return { ip, url: null, method: null };
}

/** The `locked` row: this wrong password (a sign-in's or a password change's) locked the name. */
export function lockedEvent(
  userId: string | null,
  username: string,
  policy: LoginPolicy,
  source: EventSource,
): LoginEventEntry {
  return {
    event: 'locked',
    userId,
    username,
    source,
    content: `${subjectOf(username)} 账号锁定：登录失败${policy.maxFailures}次，锁定${policy.lockMinutes}分钟`,
  };
}

/** Writes the rows, in batches; throws when the database refuses. */
export async function writeLoginEvents(db: Db, entries: readonly LoginEventEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    const rows = entries.slice(start, start + INSERT_BATCH).map((entry) => {
      const username = logName(entry.username);
      return {
        id: newId(),
        logType: LOG_TYPE_LOGIN,
        event: entry.event,
        logContent: [...(entry.content ?? defaultContent(entry))].slice(0, CONTENT_LIMIT).join(''),
        operateType: null,
        userid: entry.userId,
        username,
        ip: entry.source.ip,
        method: null,
        requestUrl: entry.source.url?.slice(0, URL_LIMIT) ?? null,
        requestParam: null,
        requestType: entry.source.method,
        costTime: null,
        // Who the row is about, when it is an account (create_by is varchar(32)).
        createBy: entry.userId ? username.slice(0, CREATE_BY_LIMIT) : null,
        ...(entry.at ? { createTime: entry.at } : {}),
      };
    });
    await db.insertInto('sys_log').values(rows).execute();
  }
}

/** Writes one row; throws when the database refuses (a sign-in fails with it). */
export async function writeLoginEvent(db: Db, entry: LoginEventEntry): Promise<void> {
  await writeLoginEvents(db, [entry]);
}

/**
 * Writes one row and never throws: for events whose answer must not depend on the log (a
 * refused sign-in, a sign-out that has happened). A failure is logged as a warning.
 */
export async function recordLoginEvent(
  db: Db,
  log: FastifyBaseLogger,
  entry: LoginEventEntry,
): Promise<void> {
  try {
    await writeLoginEvent(db, entry);
  } catch (err) {
    log.warn({ err, event: entry.event }, 'login log row not written');
  }
}

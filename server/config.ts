import path from 'node:path';
import { assertTimeZone } from './http/time';
import { loadSignInConfig, type SignInConfig } from './sign-in-config';

/** Everything the server reads from its environment, parsed once at start. */
export interface ServerConfig {
  /** `production` seeds no demo data and hides development-only features. */
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  /** Folder of the embedded database (PGlite) when no DATABASE_URL is set. */
  readonly dataDir: string;
  /** Files kept for download (import error reports, uploads); default `<DATA_DIR>/files`. */
  readonly filesDir: string;
  /** `postgres://…` switches from the embedded database to a PostgreSQL server. */
  readonly databaseUrl: string | null;
  /** `redis://…` fans cache invalidations (and later socket messages) out across processes. */
  readonly redisUrl: string | null;
  /** First admin password in production; generated and printed once when absent. */
  readonly adminPassword: string | null;
  /** Session lifetime in seconds (LoginResult.sessionTimeout). */
  readonly sessionTimeoutSeconds: number;
  /** Consecutive wrong passwords before an account is locked. */
  readonly loginMaxFailures: number;
  /** How long a locked account stays locked, in minutes. */
  readonly loginLockMinutes: number;
  /** Time zone used to render date-times in API answers (`yyyy-MM-dd HH:mm:ss`). */
  readonly timeZone: string;
  /** Built browser app served at `/`; absent in API-only runs (tests, `npm run dev`). */
  readonly staticDir: string | null;
  /** Pino log level. */
  readonly logLevel: string;
  /** Trust X-Forwarded-* from a reverse proxy (client address in logs and login records). */
  readonly trustProxy: boolean;
  /** Network-security mode (`SECURITY_MODE=on`): safe calls travel encrypted. Off by default. */
  readonly securityMode: boolean;
  /**
   * PEM file of the RSA private key of security mode (`SECURITY_KEY_PATH`); when
   * absent a fresh 2048-bit key pair is made at every start. Set it when several processes
   * serve one site: they must share the key.
   */
  readonly securityKeyPath: string | null;
  /** Certificate mode (`CERT_MODE=on`): login needs a certificate signed by the CA. */
  readonly certificateMode: boolean;
  /** PEM file of the CA certificate of certificate mode (`CERT_CA_PATH`); required with it. */
  readonly certificateCaPath: string | null;
  /** Uploads (POST /sys/common/upload): allowed types, limits, quota, clean-up. */
  readonly upload: UploadConfig;
  /**
   * Tables every report author may read besides those they may list (`REPORT_TABLES`, names
   * separated by commas; empty by default). Credential and session tables stay unreadable.
   */
  readonly reportTables: readonly string[];
  /**
   * Existing tables the page designer may draft a page from and a page may take over
   * (`DESIGNER_TABLES`, comma-separated; empty by default). System tables (`sys_*`) never.
   */
  readonly designerTables: readonly string[];
  /**
   * Bearer token that lets a scraper read GET /system/metrics from another machine
   * (`METRICS_TOKEN`); without it only this machine may, and never through a proxy.
   */
  readonly metricsToken: string | null;
  /** Connections to a PostgreSQL server (DATABASE_URL). */
  readonly databasePool: DatabasePoolConfig;
  /** Phone and SMS code, OIDC, CAS, registration (server/sign-in-config.ts); all off by default. */
  readonly signIn: SignInConfig;
}

/** How the server uses a PostgreSQL server's connections; unused on the embedded database. */
export interface DatabasePoolConfig {
  /** Connections of each of the two pools (plain and user-query), `DB_POOL_SIZE`. Default 10. */
  readonly size: number;
  /**
   * Longest a statement of the server's own may run before PostgreSQL cancels it
   * (`DB_STATEMENT_TIMEOUT_MS`; 0: none). Default 60000. Statements a user shapes (lists,
   * reports) have their own, shorter budget.
   */
  readonly statementTimeoutMs: number;
  /** A call waits this long for a connection, then answers 503 (`DB_CONNECT_TIMEOUT_MS`). Default 5000. */
  readonly connectTimeoutMs: number;
}

/** The upload types a deployment may allow (`UPLOAD_TYPES`), each recognised by its content. */
export const UPLOAD_KINDS = [
  'png',
  'jpeg',
  'gif',
  'webp',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'zip',
  'mp4',
  'txt',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Kinds a deployment must ask for (`UPLOAD_TYPES`): archives, video and plain text. */
const OPT_IN_KINDS: ReadonlySet<UploadKind> = new Set<UploadKind>(['zip', 'mp4', 'txt']);

/** Images, PDF and Office documents; zip, mp4 and plain text only when a deployment asks. */
export const DEFAULT_UPLOAD_TYPES: readonly UploadKind[] = UPLOAD_KINDS.filter(
  (kind) => !OPT_IN_KINDS.has(kind),
);

export interface UploadConfig {
  readonly types: ReadonlySet<UploadKind>;
  /** Largest file, in MB (`UPLOAD_MAX_MB`, default 10). */
  readonly maxMb: number;
  /** Files in one request (`UPLOAD_MAX_FILES`, default 10). */
  readonly maxFiles: number;
  /** Files one user may upload in 24 hours (`UPLOAD_DAILY_FILES`, default 200). */
  readonly dailyFiles: number;
  /** MB one user may upload in 24 hours (`UPLOAD_DAILY_MB`, default 500). */
  readonly dailyMb: number;
  /** Hours before a file no record references is deleted (`UPLOAD_TEMP_HOURS`, default 24). */
  readonly tempHours: number;
  /**
   * Key of the expiring signed file URLs an `<img>` uses (`FILES_URL_SECRET`); random per
   * process when unset, so several processes behind one site must share one.
   */
  readonly urlSecret: string | null;
}

function uploadTypesFrom(env: Env): ReadonlySet<UploadKind> {
  const raw = nonEmpty(env.UPLOAD_TYPES);
  if (!raw) return new Set(DEFAULT_UPLOAD_TYPES);
  const names = raw
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  for (const name of names) {
    if (!(UPLOAD_KINDS as readonly string[]).includes(name)) {
      throw new Error(`UPLOAD_TYPES: unknown type "${name}" (known: ${UPLOAD_KINDS.join(', ')})`);
    }
  }
  return new Set(names as UploadKind[]);
}

type Env = Readonly<Record<string, string | undefined>>;

function intFrom(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function flagFrom(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'on' || raw === 'yes';
}

function nonEmpty(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}

function tableNamesFrom(env: Env, name: string): string[] {
  const names = (env[name] ?? '').split(/[\s,]+/).filter(Boolean);
  for (const table of names) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) {
      throw new Error(`${name}: "${table}" is not a table name (lower-case letters, digits, _)`);
    }
  }
  return names;
}

/** `DESIGNER_TABLES`: no system table, whatever it says. */
function designerTablesFrom(env: Env): string[] {
  const names = tableNamesFrom(env, 'DESIGNER_TABLES');
  const reserved = names.find((n) => /^(sys_|pg_|kysely_)/.test(n));
  if (reserved) throw new Error(`DESIGNER_TABLES: "${reserved}" is a system table`);
  return names;
}

function pathFrom(env: Env, name: string, cwd: string): string | null {
  const raw = nonEmpty(env[name]);
  return raw ? path.resolve(cwd, raw) : null;
}

/** Parses the environment; throws with the variable's name on a bad value. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const timeZone = nonEmpty(env.APP_TIMEZONE) ?? 'Asia/Shanghai';
  try {
    assertTimeZone(timeZone);
  } catch {
    throw new Error(`APP_TIMEZONE is not a known time zone: "${timeZone}"`);
  }
  const dataDir = path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? 'data');
  const staticDir =
    env.STATIC_DIR === '' ? null : path.resolve(cwd, env.STATIC_DIR ?? 'dist/client');
  const certificateMode = flagFrom(env, 'CERT_MODE');
  const certificateCaPath = pathFrom(env, 'CERT_CA_PATH', cwd);
  if (certificateMode && !certificateCaPath) {
    throw new Error('CERT_MODE is on but CERT_CA_PATH (the CA certificate, PEM) is not set');
  }
  const port = intFrom(env, 'PORT', 3000, 0, 65535);
  return {
    production,
    port,
    host: nonEmpty(env.HOST) ?? 'localhost',
    dataDir,
    filesDir: path.resolve(cwd, nonEmpty(env.FILES_DIR) ?? path.join(dataDir, 'files')),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    databasePool: {
      size: intFrom(env, 'DB_POOL_SIZE', 10, 1, 500),
      statementTimeoutMs: intFrom(env, 'DB_STATEMENT_TIMEOUT_MS', 60_000, 0, 24 * 3600_000),
      connectTimeoutMs: intFrom(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
    },
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    sessionTimeoutSeconds: intFrom(env, 'SESSION_TIMEOUT', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    loginMaxFailures: intFrom(env, 'LOGIN_MAX_FAILURES', 5, 1, 100),
    loginLockMinutes: intFrom(env, 'LOGIN_LOCK_MINUTES', 15, 1, 24 * 60),
    timeZone,
    staticDir,
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (production ? 'info' : 'warn'),
    trustProxy: flagFrom(env, 'TRUST_PROXY'),
    securityMode: flagFrom(env, 'SECURITY_MODE'),
    securityKeyPath: pathFrom(env, 'SECURITY_KEY_PATH', cwd),
    certificateMode,
    certificateCaPath,
    upload: {
      types: uploadTypesFrom(env),
      maxMb: intFrom(env, 'UPLOAD_MAX_MB', 10, 1, 1024),
      maxFiles: intFrom(env, 'UPLOAD_MAX_FILES', 10, 1, 100),
      dailyFiles: intFrom(env, 'UPLOAD_DAILY_FILES', 200, 1, 1_000_000),
      dailyMb: intFrom(env, 'UPLOAD_DAILY_MB', 500, 1, 1_000_000),
      tempHours: intFrom(env, 'UPLOAD_TEMP_HOURS', 24, 1, 24 * 365),
      urlSecret: nonEmpty(env.FILES_URL_SECRET),
    },
    reportTables: tableNamesFrom(env, 'REPORT_TABLES'),
    designerTables: designerTablesFrom(env),
    signIn: loadSignInConfig(env, production, port),
  };
}

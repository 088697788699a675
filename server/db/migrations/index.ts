import type { Migration, MigrationProvider } from 'kysely/migration';
import * as core from './0001_core';
import * as pages from './0002_pages';
import * as customerLevel from './0003_customer_level';
import * as announcement from './0004_announcement';
import * as system from './0005_system';
import * as loginFailures from './0006_login_failures';
import * as openapiButton from './0007_openapi_button';
import * as addVerb from './0008_add_verb';
import * as reports from './0009_reports';
import * as area from './0010_area';
import * as reportMenu from './0011_report_menu';
import * as reportVersions from './0012_report_versions';
import * as files from './0013_files';
import * as fileRefs from './0014_file_refs';
import * as quartz from './0015_quartz';
import * as reportSafe from './0016_report_safe';
import * as fileRelease from './0017_file_release';
import * as onlineSessions from './0018_online_sessions';
import * as auditLog from './0019_audit_log';
import * as signIn from './0020_sign_in';

/**
 * Migrations in the order they run. Names sort lexically, so keep the numeric prefix.
 * A migration never changes once it has shipped; write a new one instead. Every file of this
 * folder but this list is pinned in shipped.sha256.json (tests/server/migrations-shipped.test.ts),
 * and a migration imports nothing from outside this folder: a seed change that installs need
 * ships as a new migration carrying its own copy of the data (menus: `syncShippedMenus`).
 */
const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_pages': pages,
  '0003_customer_level': customerLevel,
  '0004_announcement': announcement,
  '0005_system': system,
  '0006_login_failures': loginFailures,
  '0007_openapi_button': openapiButton,
  '0008_add_verb': addVerb,
  '0009_reports': reports,
  '0010_area': area,
  '0011_report_menu': reportMenu,
  '0012_report_versions': reportVersions,
  '0013_files': files,
  '0014_file_refs': fileRefs,
  '0015_quartz': quartz,
  '0016_report_safe': reportSafe,
  '0017_file_release': fileRelease,
  '0018_online_sessions': onlineSessions,
  '0019_audit_log': auditLog,
  '0020_sign_in': signIn,
};

/** Name of the newest migration. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

import fs from 'node:fs';
import path from 'node:path';
import Type, { type Static } from 'typebox';
import { purgeExpiredLoginFailures } from '../../../auth/login-lockout';
import { purgeSmsCodes } from '../../sign-in/sms-codes';
import { purgeSsoGrants } from '../../sign-in/sso-grants';
import { defineHandler } from './handler';

/** Where import error files are written (server/http/sheet/error-file.ts). */
export const IMPORT_ERRORS_FOLDER = 'import-errors';

const PARAMS = Type.Object(
  {
    /** Import error files older than this are removed. Default 24. */
    errorFileHours: Type.Optional(Type.Number({ minimum: 0, maximum: 24 * 365 })),
  },
  { additionalProperties: false },
);

/**
 * Removes import error files older than `before` under `{filesDir}/import-errors/{day}/`, and
 * day folders left empty. Returns how many files went.
 */
export async function removeOldErrorFiles(filesDir: string, before: Date): Promise<number> {
  const root = path.join(filesDir, IMPORT_ERRORS_FOLDER);
  let removed = 0;
  const days = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const day of days) {
    if (!day.isDirectory()) continue;
    const folder = path.join(root, day.name);
    const files = await fs.promises.readdir(folder, { withFileTypes: true });
    let left = files.length;
    for (const file of files) {
      if (!file.isFile()) continue;
      const full = path.join(folder, file.name);
      const { mtime } = await fs.promises.stat(full);
      if (mtime >= before) continue;
      await fs.promises.rm(full, { force: true });
      removed++;
      left--;
    }
    if (left === 0) await fs.promises.rmdir(folder).catch(() => undefined);
  }
  return removed;
}

/**
 * 清理过期会话和导入错误文件: expired sessions, lockout rows and SMS codes, old import error files.
 */
export const cleanExpired = defineHandler<Static<typeof PARAMS>>({
  key: 'cleanExpired',
  name: '清理过期会话和导入错误文件',
  paramsSchema: PARAMS,
  async run(params, { app, now }) {
    await app.sessions.purgeExpired();
    await purgeExpiredLoginFailures(app.db, now);
    await purgeSmsCodes(app.db, now);
    await purgeSsoGrants(app.db);
    const hours = params.errorFileHours ?? 24;
    await removeOldErrorFiles(app.config.filesDir, new Date(now.getTime() - hours * 3600_000));
  },
});

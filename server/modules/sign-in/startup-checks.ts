import type { Db } from '../../db/index';
import type { SignInConfig } from '../../sign-in-config';

/**
 * The roles the settings name for new users (REGISTRATION_ROLE, OIDC_<NAME>_ROLE) must exist:
 * found missing at the start, not at the first registration, which would fail with a generic
 * error. Returns the problems, one line each (empty: all is well).
 */
export async function missingSignInRoles(db: Db, signIn: SignInConfig): Promise<string[]> {
  const named: Array<{ setting: string; code: string }> = [];
  if (signIn.registration && signIn.registrationRole) {
    named.push({ setting: 'REGISTRATION_ROLE', code: signIn.registrationRole });
  }
  for (const provider of signIn.oidc) {
    if (provider.createUsers && provider.defaultRole) {
      named.push({
        setting: `OIDC_${provider.name.toUpperCase()}_ROLE`,
        code: provider.defaultRole,
      });
    }
  }
  if (named.length === 0) return [];
  const found = await db
    .selectFrom('sys_role')
    .select('roleCode')
    .where(
      'roleCode',
      'in',
      named.map((n) => n.code),
    )
    .execute();
  const codes = new Set(found.map((row) => row.roleCode));
  return named
    .filter((n) => !codes.has(n.code))
    .map((n) => `${n.setting} names no role: "${n.code}" (角色管理 lists the role codes)`);
}

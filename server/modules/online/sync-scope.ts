import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/access';
import { rulesCondition, rulesFor, variablesOf } from '../../http/data-scope';
import { AppError } from '../../http/errors';
import type { SyncScope } from '../../realtime/bus';
import { onlineTableOf } from './table';

/**
 * Whether a live-sync receiver's data rules on an online page let one of its rows through:
 * the same rules its list applies (`online:{code}:list`), so an update never shows a receiver
 * a master — or that master's detail rows — its list would not. No rule: yes. A page or a rule
 * that cannot be read any more: no.
 */
export function onlineRowAllowed(
  ctx: Pick<AppContext, 'db' | 'pages' | 'config'>,
): (principal: Principal, scope: SyncScope) => Promise<boolean> {
  const db = ctx.db.withoutPlugins();
  return async (principal, scope) => {
    const listCode = `online:${scope.page}:list`;
    const rules = rulesFor(principal, listCode, listCode);
    if (rules.length === 0) return true;
    let condition;
    let table;
    try {
      table = onlineTableOf(await ctx.pages.get(scope.page), scope.page);
      // A socket carries no tenant header: the user's first tenant stands for #{tenant_id}.
      const vars = variablesOf(principal, principal.tenantIds?.[0] ?? 0, ctx.config.timeZone);
      condition = rulesCondition(rules, table.scope.fields, vars);
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
    const { rows } = await sql<{ inside: boolean }>`
      select coalesce(${condition}, false) as inside from ${table.scope.from}
      where ${table.scope.key} = ${scope.id}`.execute(db);
    return rows[0]?.inside === true;
  };
}

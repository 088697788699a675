import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type QueryExecutorProvider, type RawBuilder, type SqlBool } from 'kysely';
import { MSG_OUT_OF_SCOPE, rulesCondition, rulesFor, variablesOf } from './data-scope';
import { failure } from './errors';
import type { ListEntity } from './list-query';
import type { RecordId } from './request-schemas';

/**
 * The scoped-query helper: the one way a route reads or changes rows of a table that data
 * rules apply to (every system screen's table — any menu may carry rules — and every page
 * table). A route declares the entity it serves in its config (`dataScope: scoped(ENTITY)`,
 * `PAGE_SCOPE` for the page a request names, `NAMED_SCOPE` for the service a `/bpm` request
 * names, or `noRowScope(reason)` when it touches none of the screen's rows), and takes its
 * scope from the request:
 *
 * ```ts
 * app.get('/sys/position/list', { config: { access: permission('position:list'),
 *   dataScope: scoped(POSITION_SCOPE) } }, async (request) => {
 *   const scope = rowScope(request);            // the caller's rules on 职务管理
 *   return ok(await listPositions(db, request.query, scope, { timeZone }));
 * });
 * ```
 *
 * `scope.where` / `scope.and(…)` go into every SELECT; writes take only ids that went through
 * `scope.check(ids)` (their type, `InScope`, says so), so a write function cannot be called
 * with ids nobody checked. The rules are those of the code the caller was admitted with, as
 * far as they belong to the entity's menu (`rulesFor`). A route that asks for a scope it did
 * not declare is a programming error (500); the route-walk test checks the declarations
 * against the menu and the behaviour against a restrictive rule.
 */

/** A table whose rows one screen lists, as data rules see it. */
export interface ScopedEntity {
  /** The table (`sys_user`, a page's own table). */
  readonly table: string;
  /** The permission code of the menu whose rules apply (`user:list`, `online:{code}:list`). */
  readonly menuCode: string;
  /** The fields a rule may name (the screen's list fields), written against `from`. */
  readonly fields: ListEntity;
  /** The source those fields are written against, e.g. sql`sys_user u`. */
  readonly from: RawBuilder<unknown>;
  /** The row key in that source, e.g. sql.ref('u.id'). */
  readonly key: RawBuilder<unknown>;
}

/** What a route declares about the rows it touches (`config.dataScope`). */
export type DataScopeDeclaration =
  /**
   * Rows of these entities: the first through `rowScope(request)`, any of them through
   * `rowScope(request, entity)` (角色管理 → 用户 reads a role and that role's users).
   */
  | { readonly kind: 'entity'; readonly entities: readonly ScopedEntity[] }
  /** Rows of the page table the request names, through `rowScope(request, table.scope)`. */
  | { readonly kind: 'page' }
  /** Rows of the entity the request names (a `/bpm` serviceName), through `rowScope(request, e)`. */
  | { readonly kind: 'named' }
  /** Admitted by a screen's code but touches none of its rows (an add, a uniqueness check). */
  | { readonly kind: 'none'; readonly reason: string };

export const scoped = (
  entity: ScopedEntity,
  ...more: readonly ScopedEntity[]
): DataScopeDeclaration => ({ kind: 'entity', entities: [entity, ...more] });
export const PAGE_SCOPE: DataScopeDeclaration = { kind: 'page' };
export const NAMED_SCOPE: DataScopeDeclaration = { kind: 'named' };
export const noRowScope = (reason: string): DataScopeDeclaration => ({ kind: 'none', reason });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scoped entity the route reads or changes (row-scope.ts). */
    dataScope?: DataScopeDeclaration;
  }
  interface FastifyInstance {
    rowScopeDeps: RowScopeDeps;
  }
}

export interface RowScopeDeps {
  /** The database without the CamelCasePlugin (scope SQL names its columns itself). */
  readonly db: QueryExecutorProvider;
  readonly timeZone: string;
}

/** Makes `rowScope` work on every route of the app. */
export function installRowScope(app: FastifyInstance, deps: RowScopeDeps): void {
  app.decorate('rowScopeDeps', deps);
}

/** A key `scope.check` let through: the only kind of id a scoped write function takes. */
export type InScope<T extends string = RecordId> = T & { readonly __inScope: true };

export interface RowScope {
  readonly entity: ScopedEntity;
  /** True when at least one rule applies (else every row is in scope). */
  readonly restricted: boolean;
  /** The rows the caller may see and touch, as a condition on `entity.from` (`true` if all). */
  readonly where: RawBuilder<SqlBool>;
  /** `condition and the scope` (the scope alone without a condition). */
  and(condition?: RawBuilder<SqlBool> | null): RawBuilder<SqlBool>;
  /**
   * Refuses (没有该数据的操作权限) unless every key names a row inside the scope; keys of rows
   * that do not exist pass (the caller reports them as not found). Returns the same keys,
   * typed as checked: use these, and only these, for the write. Inside a transaction pass
   * it as `on` (PGlite has one connection: a read beside the transaction would wait forever).
   */
  check<T extends string>(keys: readonly T[], on?: QueryExecutorProvider): Promise<InScope<T>[]>;
  /** `check` of one key. */
  checkOne<T extends string>(key: T, on?: QueryExecutorProvider): Promise<InScope<T>>;
  /**
   * Which of these keys name rows outside the scope (rows the caller must not see, not even
   * by a name another answer would show): empty when no rule applies.
   */
  hidden(keys: readonly string[]): Promise<ReadonlySet<string>>;
}

/** At most this many keys per scope statement (bound parameters). */
const CHECK_CHUNK = 1000;

type ScopeListener = (request: FastifyRequest, entity: ScopedEntity) => void;
const listeners = new Set<ScopeListener>();

/**
 * Hears every scope a route asks for (the route-walk test proves with it that each declared
 * route reaches the helper). Returns the unsubscribe function.
 */
export function onScopeConsulted(listener: ScopeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function declaredEntity(request: FastifyRequest, entity: ScopedEntity | undefined): ScopedEntity {
  const declared = request.routeOptions.config.dataScope;
  const route = `${request.method} ${request.routeOptions.url}`;
  if (declared?.kind === 'entity') {
    if (!entity) return declared.entities[0]!;
    if (declared.entities.includes(entity)) return entity;
  }
  if (declared?.kind === 'page' && entity?.menuCode.startsWith('online:')) return entity;
  if (declared?.kind === 'named' && entity) return entity;
  // A programming error, answered 500 and logged: the declaration is what the walk checks.
  throw new Error(`${route} asks for the rows of ${entity?.table ?? '?'} it does not declare`);
}

/** The caller's scope on the entity the route declares (or, on a page route, on `entity`). */
export function rowScope(request: FastifyRequest, entity?: ScopedEntity): RowScope {
  const target = declaredEntity(request, entity);
  for (const listener of listeners) listener(request, target);

  const { db, timeZone } = request.server.rowScopeDeps;
  const { principal, grantedCode } = request;
  const rules = principal && grantedCode ? rulesFor(principal, grantedCode, target.menuCode) : [];
  const condition = principal
    ? rulesCondition(rules, target.fields, variablesOf(principal, request.tenantId, timeZone))
    : null;
  const where = condition ?? sql<SqlBool>`true`;

  async function check<T extends string>(
    keys: readonly T[],
    on: QueryExecutorProvider = db,
  ): Promise<InScope<T>[]> {
    if (condition) {
      for (let start = 0; start < keys.length; start += CHECK_CHUNK) {
        const part = keys.slice(start, start + CHECK_CHUNK);
        const { rows } = await sql<{ inside: boolean }>`
          select coalesce(${condition}, false) as inside from ${target.from}
          where ${target.key} in (${sql.join(part)})`.execute(on);
        if (rows.some((row) => !row.inside)) throw failure(MSG_OUT_OF_SCOPE);
      }
    }
    return keys as InScope<T>[];
  }

  async function hidden(keys: readonly string[]): Promise<ReadonlySet<string>> {
    const outside = new Set<string>();
    if (!condition) return outside;
    for (let start = 0; start < keys.length; start += CHECK_CHUNK) {
      const part = keys.slice(start, start + CHECK_CHUNK);
      const { rows } = await sql<{ key: string }>`
        select ${target.key} as key from ${target.from}
        where ${target.key} in (${sql.join(part)}) and not coalesce(${condition}, false)`.execute(
        db,
      );
      for (const row of rows) outside.add(String(row.key));
    }
    return outside;
  }

  return {
    entity: target,
    restricted: condition !== null,
    hidden,
    where,
    and: (other) => {
      if (!other) return where;
      return condition ? sql<SqlBool>`(${other}) and ${condition}` : other;
    },
    check,
    checkOne: async (key, on) => (await check([key], on))[0]!,
  };
}

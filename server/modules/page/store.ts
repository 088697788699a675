import type { PageDefinition, PageKind } from '../../../src/contracts/page';
import type { Db } from '../../db/index';
import type { InvalidationBus } from '../../realtime/bus';

/** A page as stored: the current definition and its version. */
export interface StoredPage {
  readonly id: string;
  readonly code: string;
  readonly title: string;
  readonly kind: PageKind;
  readonly version: number;
  readonly definition: PageDefinition;
  /** The online table the page owns, if any. */
  readonly tableName: string | null;
  readonly builtin: boolean;
}

/** The tables of one page and the table dictionaries its fields name (lookups' access). */
export interface PageTables {
  readonly code: string;
  /** The page's own table, with the columns a lookup may name; null without a table. */
  readonly table: { readonly name: string; readonly columns: readonly string[] } | null;
  /** Its detail tables (master-detail pages). */
  readonly details: readonly string[];
  /** `table,text,code` of every field, details' included, naming a table dictionary. */
  readonly tableDicts: ReadonlySet<string>;
}

/** `a , b,c` → `a,b,c`: one spelling of a table dictionary code. */
export function normalTableDict(code: string): string {
  return code
    .split(',')
    .map((part) => part.trim())
    .join(',');
}

function pageTablesOf(code: string, definition: PageDefinition): PageTables {
  const declared = definition.table;
  const tree = definition.kind === 'tree-list' ? ['pid', 'has_child'] : [];
  const fields = [definition.fields, ...(definition.details ?? []).map((d) => d.fields)].flat();
  return {
    code,
    table: declared
      ? {
          name: declared.name,
          columns: [
            'id',
            'create_by',
            'create_time',
            ...tree,
            ...declared.columns.map((c) => c.name),
          ],
        }
      : null,
    details: (definition.details ?? []).flatMap((d) => (d.table ? [d.table.name] : [])),
    tableDicts: new Set(
      fields.flatMap((f) => (f.dictCode?.includes(',') ? [normalTableDict(f.dictCode)] : [])),
    ),
  };
}

/**
 * Current page definitions by code, read once and kept until the page changes anywhere (bus
 * event `page`). Definitions are validated before they are stored, so readers trust them.
 * `tables()` summarises every page for the lookups (which page owns a table, which pages name
 * a table dictionary), read once and dropped on the same events.
 */
export class PageCache {
  private readonly pages = new Map<string, Promise<StoredPage | null>>();
  private index: Promise<readonly PageTables[]> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.kind === 'page') this.pages.delete(event.code);
      else if (event.kind === 'all') this.pages.clear();
      if (event.kind === 'page' || event.kind === 'all') this.index = null;
    });
  }

  /** Every page's tables and table dictionaries. */
  tables(): Promise<readonly PageTables[]> {
    if (!this.index) {
      const loading = this.loadTables();
      this.index = loading;
      loading.catch(() => {
        if (this.index === loading) this.index = null;
      });
    }
    return this.index;
  }

  get(code: string): Promise<StoredPage | null> {
    let page = this.pages.get(code);
    if (!page) {
      page = this.load(code);
      this.pages.set(code, page);
      page.catch(() => this.pages.delete(code));
    }
    return page;
  }

  close(): void {
    this.unsubscribe();
    this.pages.clear();
    this.index = null;
  }

  private async loadTables(): Promise<readonly PageTables[]> {
    const rows = await this.db.selectFrom('sys_page').select(['code', 'definition']).execute();
    return rows.map((row) => pageTablesOf(row.code, row.definition as PageDefinition));
  }

  private async load(code: string): Promise<StoredPage | null> {
    const row = await this.db
      .selectFrom('sys_page')
      .select(['id', 'code', 'title', 'kind', 'version', 'definition', 'tableName', 'builtin'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...row,
      kind: row.kind as PageKind,
      definition: row.definition as PageDefinition,
    };
  }
}

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

/**
 * Current page definitions by code, read once and kept until the page changes anywhere (bus
 * event `page`). Definitions are validated before they are stored, so readers trust them.
 */
export class PageCache {
  private readonly pages = new Map<string, Promise<StoredPage | null>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.kind === 'page') this.pages.delete(event.code);
      else if (event.kind === 'all') this.pages.clear();
    });
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

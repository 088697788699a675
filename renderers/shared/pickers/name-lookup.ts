import type { Http } from '../../../src/runtime/http';

/**
 * The names behind held ids (users now; roles, positions and departments later), for the
 * read-only views of the person pickers. Every id asked for while one task runs (a whole
 * list or grid rendering its cells) goes to the server in one request, in chunks of
 * `chunkSize`; answers are kept for the life of the lookup, so a screen asks once.
 */
export interface NameLookup {
  /** The names of the ids; an id the server does not name is left out. */
  names(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The name of an id already known (undefined: not asked yet, or unnamed). */
  known(id: string): string | undefined;
  /** True when every id has been answered (named or not). */
  answered(ids: readonly string[]): boolean;
  /** Names learnt elsewhere (rows picked in a dialog), so no one asks for them. */
  remember(entries: Iterable<readonly [string, string]>): void;
}

/** Asks the server for some ids' names; answers only those it names. */
export type FetchNames = (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** At most this many ids in one request (the server takes 1000; urls stay short). */
export const LOOKUP_CHUNK = 200;

export function createNameLookup(fetchNames: FetchNames, chunkSize = LOOKUP_CHUNK): NameLookup {
  // null: the server named no one for the id (shown as the id itself).
  const answers = new Map<string, string | null>();
  const pending = new Map<string, Promise<void>>();
  let batch: { readonly ids: string[]; readonly done: Promise<void>; resolve(): void } | null =
    null;

  function flush(): void {
    const current = batch;
    batch = null;
    if (!current) return;
    const requests: Promise<void>[] = [];
    for (let i = 0; i < current.ids.length; i += chunkSize) {
      const chunk = current.ids.slice(i, i + chunkSize);
      requests.push(
        fetchNames(chunk).then(
          (named) => {
            for (const id of chunk) answers.set(id, named.get(id) ?? null);
          },
          // A failed request is not remembered: the next screen asks again.
          () => undefined,
        ),
      );
    }
    void Promise.all(requests).then(() => {
      for (const id of current.ids) pending.delete(id);
      current.resolve();
    });
  }

  /** Puts the id in the batch going out after this task (the first one schedules it). */
  function ask(id: string): Promise<void> {
    const waiting = pending.get(id);
    if (waiting) return waiting;
    if (!batch) {
      let resolve = () => {};
      const done = new Promise<void>((r) => (resolve = r));
      batch = { ids: [], done, resolve };
      setTimeout(flush, 0);
    }
    batch.ids.push(id);
    pending.set(id, batch.done);
    return batch.done;
  }

  return {
    async names(ids) {
      await Promise.all(ids.filter((id) => !answers.has(id)).map(ask));
      const out = new Map<string, string>();
      for (const id of ids) {
        const name = answers.get(id);
        if (name) out.set(id, name);
      }
      return out;
    },
    known: (id) => answers.get(id) ?? undefined,
    answered: (ids) => ids.every((id) => answers.has(id)),
    remember(entries) {
      for (const [id, name] of entries) answers.set(id, name);
    },
  };
}

const lookups = new WeakMap<Http, Map<string, NameLookup>>();

/** One lookup per http client and kind (`users`, later `roles` …), made on first use. */
export function lookupFor(http: Http, kind: string, make: (http: Http) => NameLookup): NameLookup {
  let byKind = lookups.get(http);
  if (!byKind) {
    byKind = new Map();
    lookups.set(http, byKind);
  }
  let lookup = byKind.get(kind);
  if (!lookup) {
    lookup = make(http);
    byKind.set(kind, lookup);
  }
  return lookup;
}

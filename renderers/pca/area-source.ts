import type { AreaItem } from '../../src/contracts/area-code';
import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/** The regions one level below a code (server/modules/area/routes.ts). */
export const AREA_CHILDREN_URL = '/module/default/address/common/nl/all/data/by-pid';
/** The regions of some codes, for the names a screen of values shows. */
export const AREA_BY_IDS_URL = '/module/default/address/common/nl/all/data/by-ids';

/**
 * The regions as the picker reads them, kept for the life of the http client (the app's
 * session): the divisions never change while the server runs, so each level and each name is
 * asked once.
 */
export interface AreaSource {
  /** The regions below `pid` (`'0'`: the provinces); a failed call answers none, not kept. */
  children(pid: string): Promise<readonly AreaItem[]>;
  /** The regions' names, every view of a screen in one batched request. */
  readonly names: NameLookup;
}

const sources = new WeakMap<Http, AreaSource>();

export function areaSource(http: Http): AreaSource {
  const known = sources.get(http);
  if (known) return known;
  const names = lookupFor(http, 'areas', () =>
    createNameLookup(async (ids) => {
      const envelope = await http.get<readonly AreaItem[]>(
        AREA_BY_IDS_URL,
        { ids: ids.join(',') },
        { silent: true },
      );
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      return new Map(envelope.result.map((area) => [area.id, area.name]));
    }),
  );
  const levels = new Map<string, Promise<readonly AreaItem[]>>();
  const source: AreaSource = {
    names,
    children(pid) {
      let level = levels.get(pid);
      if (!level) {
        level = http.get<readonly AreaItem[]>(AREA_CHILDREN_URL, { pid }).then((envelope) => {
          if (!envelope.success || !Array.isArray(envelope.result)) throw new Error('failed');
          names.remember(envelope.result.map((area) => [area.id, area.name] as const));
          return envelope.result;
        });
        levels.set(pid, level);
        level.catch(() => levels.delete(pid));
      }
      return level.catch(() => []);
    },
  };
  sources.set(http, source);
  return source;
}

import { useEffect, useState } from 'react';
import type { NameLookup } from './name-lookup';

/**
 * The texts of held ids for a read-only view: each id's name, or the id itself when the
 * server names no one for it. `null` while some are still being asked for (a view shows
 * nothing rather than ids that turn into names a moment later).
 */
export function useNames(lookup: NameLookup, ids: readonly string[]): string[] | null {
  const key = ids.join(',');
  const textsNow = () => (lookup.answered(ids) ? ids.map((id) => lookup.known(id) ?? id) : null);
  const [texts, setTexts] = useState<{ key: string; texts: string[] | null }>(() => ({
    key,
    texts: textsNow(),
  }));

  useEffect(() => {
    if (lookup.answered(ids)) return;
    let live = true;
    void lookup.names(ids).then((named) => {
      if (live) setTexts({ key, texts: ids.map((id) => named.get(id) ?? id) });
    });
    return () => {
      live = false;
    };
    // `key` stands for `ids` (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookup, key]);

  if (texts.key === key && texts.texts) return texts.texts;
  return textsNow();
}

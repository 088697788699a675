import { useEffect, useState } from 'react';
import {
  AREA_DEEPEST_PARENT,
  AREA_ROOT,
  areaPathCodes,
  isAreaRoot,
  type AreaItem,
} from '../../src/contracts/area-code';
import type { AreaSource } from './area-source';

/**
 * The levels of the picker (widgets.md §3, §9): what the top level is for `from` /
 * `includeFrom`, which node is a leaf, which codes of a held value each level holds, and a
 * hook loading the levels a held value needs.
 */

/** widgets.md §3: a leaf when its level is above 4 or at or beyond the configured depth. */
export function isAreaLeaf(item: AreaItem, depth: number): boolean {
  return item.level > AREA_DEEPEST_PARENT || item.level >= depth;
}

/** The parent of a code (`'0'` for a province). */
export function parentCode(code: string): string {
  const path = areaPathCodes(code);
  const at = path.indexOf(code);
  return at > 0 ? path[at - 1]! : AREA_ROOT;
}

/**
 * The codes the levels hold for `code`, from the top level down: its path below `from` (from
 * itself first with `includeFrom`). A code outside `from` stands alone (and is flagged).
 */
export function pathBelow(code: string, from: string, includeFrom: boolean): string[] {
  const path = areaPathCodes(code);
  if (path.length === 0) return [code];
  if (isAreaRoot(from)) return path;
  const at = path.indexOf(from);
  if (at < 0) return [code];
  return includeFrom ? path.slice(at) : path.slice(at + 1);
}

/** The top level: the children of `from`, or `from` itself with `includeFrom`. */
export async function topLevel(
  source: AreaSource,
  from: string,
  includeFrom: boolean,
): Promise<readonly AreaItem[]> {
  if (isAreaRoot(from)) return source.children(AREA_ROOT);
  if (!includeFrom) return source.children(from);
  return (await source.children(parentCode(from))).filter((area) => area.id === from);
}

export interface AreaLevels {
  /** The top level; null while loading. */
  readonly top: readonly AreaItem[] | null;
  /** The children loaded so far, by parent code. */
  readonly kids: ReadonlyMap<string, readonly AreaItem[]>;
  /** Loads the children of a code (once). */
  load(pid: string): Promise<void>;
}

/**
 * The top level for `sourceKey` (from, includeFrom, level, multiple: a change loads it again
 * and forgets the opened levels), and the levels leading to each held code, so the control
 * opens at the value and names it.
 */
export function useAreaLevels(
  source: AreaSource,
  from: string,
  includeFrom: boolean,
  sourceKey: string,
  heldPaths: readonly (readonly string[])[],
): AreaLevels {
  const [top, setTop] = useState<{ key: string; items: readonly AreaItem[] } | null>(null);
  const [kids, setKids] = useState<{ key: string; map: ReadonlyMap<string, readonly AreaItem[]> }>(
    () => ({ key: sourceKey, map: new Map() }),
  );

  useEffect(() => {
    let live = true;
    void topLevel(source, from, includeFrom).then((items) => {
      if (live) setTop({ key: sourceKey, items });
    });
    return () => {
      live = false;
    };
    // `sourceKey` stands for from and includeFrom (and the props that reset the picker).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, sourceKey]);

  const load = async (pid: string) => {
    const children = await source.children(pid);
    setKids((now) => {
      const map = new Map(now.key === sourceKey ? now.map : []);
      map.set(pid, children);
      return { key: sourceKey, map };
    });
  };

  const heldKey = heldPaths.map((path) => path.join('/')).join(',');
  useEffect(() => {
    const parents = new Set(heldPaths.flatMap((path) => path.slice(0, -1)));
    for (const pid of parents) void load(pid);
    // `heldKey` stands for the held paths (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [heldKey, sourceKey]);

  return {
    top: top?.key === sourceKey ? top.items : null,
    kids: kids.key === sourceKey ? kids.map : new Map(),
    load,
  };
}

import type { TreeDataNode } from 'antd';
import { useEffect, useState } from 'react';
import type { Http } from '../../../src/runtime/http';

/** The whole department tree, for any signed-in user (server/modules/depart/tree-routes.ts). */
export const DEPART_TREE_URL = '/sys/sysDepart/queryIdTree';

/** One department of the tree (`key` and `value` are its id, `title` its name). */
export interface DepartNode {
  readonly key: string;
  readonly title: string;
  readonly children?: readonly DepartNode[];
}

/** Asks for the tree; an unsuccessful answer throws (callers decide what it means). */
export async function fetchDepartTree(http: Http): Promise<readonly DepartNode[]> {
  const envelope = await http.get<readonly DepartNode[]>(DEPART_TREE_URL, undefined, {
    silent: true,
  });
  if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
  return envelope.result;
}

/** The tree once per dialog; an unsuccessful answer leaves it empty (widgets.md §8). */
export function useDepartTree(http: Http): readonly DepartNode[] {
  const [tree, setTree] = useState<readonly DepartNode[]>([]);
  useEffect(() => {
    let live = true;
    fetchDepartTree(http).then(
      (nodes) => {
        if (live) setTree(nodes);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);
  return tree;
}

/** The tree as antd's Tree draws it. */
export function treeDataOf(nodes: readonly DepartNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.title,
    ...(n.children?.length ? { children: treeDataOf(n.children) } : {}),
  }));
}

/** Every department of the tree by id, with its name. */
export function departNamesOf(nodes: readonly DepartNode[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: readonly DepartNode[]) => {
    for (const n of list) {
      out.set(n.key, n.title);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

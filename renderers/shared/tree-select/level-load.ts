import type { Http } from '../../../src/runtime/http';
import type { TreeOption } from './LazyTreeSelect';

/** A node as the tree calls answer it (the reference system's TreeSelectModel). */
export interface TreeNodeAnswer {
  readonly key: string;
  readonly title?: string | null;
  readonly value?: string;
  readonly parentId?: string | null;
  readonly isLeaf?: boolean;
}

/** The children of `parent` as tree options. */
export function optionsOf(answer: unknown, parent: string): TreeOption[] {
  if (!Array.isArray(answer)) return [];
  return (answer as TreeNodeAnswer[]).map((node) => ({
    id: node.key,
    pId: parent,
    value: node.value ?? node.key,
    title: node.title ?? node.key,
    isLeaf: node.isLeaf === true,
  }));
}

/**
 * One level of a tree from `url`; the server's message on failure is shown by the http client
 * (not silent), the level is then empty.
 */
export async function loadLevelFrom(
  http: Http,
  url: string,
  params: Readonly<Record<string, string>>,
  parent: string,
): Promise<TreeOption[]> {
  try {
    const envelope = await http.get<readonly TreeNodeAnswer[]>(url, params);
    return envelope.success ? optionsOf(envelope.result, parent) : [];
  } catch {
    return [];
  }
}

/** Drops empty parameters (the server reads a missing one as "not given"). */
export function given(params: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v.trim() !== ''));
}

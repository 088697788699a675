import { useCallback, useEffect, useState, type Key } from 'react';
import { App } from 'antd';
import type { PageDefinition } from '../../../src/contracts/page';
import type { PageData } from '../data-provider';
import { missingUrlMessage } from '../messages';
import { URL_NAMES, listOptions, treeOptions } from '../page-model';
import { recordsOf, type Row } from '../list/row';

/** widgets.md §7: a children answer that is neither a list nor a page with `records`. */
export const MSG_TREE_RESULT = '返回数据类型不识别';

/** Whether a children answer is a list of rows or a page of them. */
function isRowsAnswer(result: unknown): boolean {
  if (Array.isArray(result)) return true;
  const page = result as { readonly records?: unknown } | null;
  return typeof page === 'object' && page !== null && Array.isArray(page.records);
}

export interface TreeRows {
  /** Rows with `children`: [] on nodes not yet expanded, the loaded rows once expanded. */
  readonly rows: readonly Row[];
  readonly expandedKeys: readonly Key[];
  onExpand(expanded: boolean, row: Row): void;
}

/** Whether a node says it has children ('1', 1, true, 'true'). */
export function hasChildren(row: Row, field: string): boolean {
  const value = row[field];
  return value === '1' || value === 1 || value === true || value === 'true';
}

/** The children a row already carries (a server answering with a whole tree), else null. */
export function carriedChildren(row: Row): readonly Row[] | null {
  const children = row.children;
  return Array.isArray(children) && children.length > 0 ? (children as Row[]) : null;
}

/**
 * A tree list's rows: roots come from the list. A row carrying a non-empty `children` array
 * shows those rows, no call (recursively: a server may answer with the whole tree). Otherwise a
 * node whose has-child field says so shows an expander and loads its children on first expand
 * (`api.children` with the node id as `tree.childrenParam`, plus the page's `bound` values);
 * none returned → the node becomes a leaf; an answer that is neither a list nor a page says
 * 返回数据类型不识别 and the node folds again. A new answer of the list starts over.
 */
export function useTreeRows(
  page: PageDefinition,
  data: PageData,
  roots: readonly Row[],
  enabled: boolean,
  bound: Readonly<Record<string, string>>,
): TreeRows {
  const { message } = App.useApp();
  const { hasChildField, childrenParam } = treeOptions(page);
  const { rowKey } = listOptions(page);
  const [loaded, setLoaded] = useState<ReadonlyMap<string, readonly Row[]>>(new Map());
  const [expandedKeys, setExpandedKeys] = useState<readonly Key[]>([]);

  useEffect(() => {
    setLoaded(new Map());
    setExpandedKeys([]);
  }, [roots]);

  const onExpand = useCallback(
    (expanded: boolean, row: Row) => {
      const key = String(row[rowKey]);
      setExpandedKeys((keys) => (expanded ? [...keys, key] : keys.filter((k) => k !== key)));
      // Children shown already (carried or loaded): nothing to fetch.
      if (!expanded || loaded.has(key) || carriedChildren(row)) return;
      if (!data.url('children')) {
        void message.error(missingUrlMessage(URL_NAMES.children));
        return;
      }
      data.children(childrenParam, key, bound).then(
        (envelope) => {
          if (envelope.success && !isRowsAnswer(envelope.result)) {
            // Nothing to show under it: the node folds again and may be tried later.
            void message.error(MSG_TREE_RESULT);
            setExpandedKeys((keys) => keys.filter((k) => k !== key));
            return;
          }
          const children = envelope.success ? recordsOf(envelope.result).records : [];
          if (!envelope.success) void message.warning(envelope.message);
          setLoaded((map) => new Map(map).set(key, children));
        },
        () => undefined,
      );
    },
    [data, loaded, message, rowKey, bound, childrenParam],
  );

  const build = (list: readonly Row[]): Row[] =>
    list.map((row) => {
      const { children: _carried, ...plain } = row;
      const below = carriedChildren(row) ?? loaded.get(String(row[rowKey]));
      if (below !== undefined)
        return below.length === 0 ? plain : { ...plain, children: build(below) };
      return hasChildren(row, hasChildField) ? { ...plain, children: [] } : plain;
    });

  return { rows: enabled ? build(roots) : roots, expandedKeys, onExpand };
}

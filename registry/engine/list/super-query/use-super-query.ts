import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldDefinition } from '../../../../src/contracts/page';
import type { OptionsByField } from '../../../use-field-options';
import { useEngine } from '../../context';
import {
  conditionsOf,
  emptyRow,
  superQueryParams,
  type ActiveQuery,
  type ConditionRow,
  type MatchType,
  type SuperQueryCondition,
} from './model';
import { superQueryFields, type SuperQueryField } from './query-fields';
import { storageKey } from './saved-queries';

/** A list's advanced query: the rows being edited, the conditions in force, the dialog. */
export interface SuperQuery {
  readonly fields: readonly SuperQueryField[];
  /** Where this page's saved queries live (saved-queries.ts). */
  readonly storageKey: string;
  readonly open: boolean;
  readonly matchType: MatchType;
  readonly rows: readonly ConditionRow[];
  /** The conditions in force; null when none (the button's plain variant). */
  readonly active: ActiveQuery | null;
  show(): void;
  hide(): void;
  setMatchType(matchType: MatchType): void;
  setRows(update: (rows: readonly ConditionRow[]) => readonly ConditionRow[]): void;
  /** The non-empty rows as conditions (what 查询 sends and 保存查询 keeps). */
  conditions(): SuperQueryCondition[];
  /** Puts the conditions in force and reloads from page 1; false (nothing sent) with none. */
  submit(): boolean;
  /** Drops the conditions (rows back to one empty row) and reloads from page 1. */
  reset(): void;
  /** The query form searched: its filters go out together with the conditions in force. */
  search(formFilters: Readonly<Record<string, string>>): void;
}

/**
 * The advanced query of one list (widgets.md §2.9, §4). `search` is the list's own: every
 * request carries the query form's filters and `superQueryParams` / `superQueryMatchType`
 * together, back on page 1.
 */
export function useSuperQuery(
  pageCode: string | null | undefined,
  fields: readonly FieldDefinition[],
  options: OptionsByField,
  search: (filters: Readonly<Record<string, string>>) => void,
): SuperQuery {
  const { registry } = useEngine();
  const offered = useMemo(
    () => superQueryFields(fields, registry, options),
    [fields, registry, options],
  );
  const [key] = useState(() =>
    storageKey(pageCode, window.location.pathname + window.location.search),
  );
  const [open, setOpen] = useState(false);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [rows, setRowsState] = useState<readonly ConditionRow[]>(() => [emptyRow()]);
  const [active, setActive] = useState<ActiveQuery | null>(null);
  const formFilters = useRef<Readonly<Record<string, string>>>({});

  const conditions = useCallback(() => {
    const kinds = new Map(offered.map((f) => [f.name, f.kind]));
    return conditionsOf(rows, (name) => kinds.get(name));
  }, [offered, rows]);

  const apply = useCallback(
    (next: ActiveQuery | null) => {
      setActive(next);
      search({ ...formFilters.current, ...superQueryParams(next) });
    },
    [search],
  );

  return {
    fields: offered,
    storageKey: key,
    open,
    matchType,
    rows,
    active,
    show: () => setOpen(true),
    hide: () => setOpen(false),
    setMatchType,
    setRows: (update) => setRowsState((current) => update(current)),
    conditions,
    submit: () => {
      const list = conditions();
      if (list.length === 0) return false;
      apply({ matchType, conditions: list });
      return true;
    },
    reset: () => {
      setRowsState([emptyRow()]);
      apply(null);
    },
    search: (filters) => {
      formFilters.current = filters;
      search({ ...filters, ...superQueryParams(active) });
    },
  };
}

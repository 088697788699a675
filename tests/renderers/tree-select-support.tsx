/**
 * The tree selects (`cat_tree`, `sel_tree`) against a fake server: a small category tree and
 * a table tree answered by their calls, every call recorded. Widgets and views render through
 * the built-in registry inside the renderer services a host gives.
 */
import { useState } from 'react';
import { vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';
import { WithServices, type Call } from './sel-user-support';
import { builtinRegistry, fieldOf } from './support';

interface Row {
  readonly id: string;
  readonly pid: string;
  readonly name: string;
  readonly leaf: boolean;
}

/** Category rows (ids) and a table tree (codes) share one shape here. */
export const TREE: readonly Row[] = [
  { id: 'c1', pid: '0', name: '电子产品', leaf: false },
  { id: 'c2', pid: '0', name: '服装', leaf: true },
  { id: 'c11', pid: 'c1', name: '手机', leaf: true },
  { id: 'c12', pid: 'c1', name: '电脑', leaf: true },
];

const nodes = (pid: string) =>
  TREE.filter((r) => r.pid === pid).map((r) => ({
    key: r.id,
    title: r.name,
    value: r.id,
    code: r.id,
    parentId: r.pid,
    isLeaf: r.leaf,
  }));
const namesOf = (keys: string) =>
  keys.split(',').map((id) => TREE.find((r) => r.id === id)?.name ?? id);

export function fakeTreeHttp() {
  const calls: Call[] = [];
  const get = vi.fn(async (url: string, params?: object) => {
    const p = (params ?? {}) as Record<string, string>;
    calls.push({ url, params: p });
    if (url === '/sys/category/loadTreeData') return envelope(nodes(p.pid ?? '0'));
    if (url === '/sys/category/loadDictItem') return envelope(namesOf(p.ids!));
    if (url === '/sys/dict/loadTreeData') return envelope(nodes(p.pid ?? '0'));
    if (url.startsWith('/sys/dict/loadDictItem/')) return envelope(namesOf(p.key!));
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = { get, post: refuse, put: refuse, delete: refuse, blob: refuse } as unknown as Http;
  return { http, calls: (url: string) => calls.filter((c) => c.url.startsWith(url)) };
}

export interface TreeCase {
  readonly type: 'cat_tree' | 'sel_tree';
  readonly value?: unknown;
  readonly props?: Readonly<Record<string, unknown>>;
}

/** The widget controlled by a tiny host, labelled 分类. */
export function renderTree(c: TreeCase) {
  const fake = fakeTreeHttp();
  const Widget = builtinRegistry().get(c.type)!.field;
  const field = fieldOf({ type: c.type, label: '分类', props: c.props });
  const onChange = vi.fn<(value: unknown) => void>();
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    return (
      <Widget
        {...(c.props ?? {})}
        field={field}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  const view = render(
    <WithServices http={fake.http}>
      <Host />
    </WithServices>,
  );
  return { ...view, ...fake, onChange, user: userEvent.setup({ delay: null }) };
}

export const combo = () => screen.getByRole('combobox', { name: '分类' });

/** A node of the open dropdown, by its title. */
export const treeNode = (title: string) =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-tree-treenode [title="${title}"]`);
    if (!found) throw new Error(`node ${title} not shown`);
    return found as HTMLElement;
  });

/** The expand switcher of a shown node. */
export async function switcherOf(title: string): Promise<HTMLElement> {
  const node = (await treeNode(title)).closest('.ant-select-tree-treenode')!;
  return node.querySelector('.ant-select-tree-switcher') as HTMLElement;
}

/** What the box shows: the chosen texts. */
export const shownTexts = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-select-selection-item')].map(
    (item) => item.getAttribute('title') ?? item.textContent ?? '',
  );

import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MSG_TREE_CONDITION } from '../../src/contracts/tree-condition';
import { WithServices } from './sel-user-support';
import { builtinRegistry } from './support';
import {
  combo,
  fakeTreeHttp,
  renderTree,
  shownTexts,
  switcherOf,
  treeNode,
} from './tree-select-support';

/** The tree selects of widgets.md §2.2: lazy levels, comma values, names shown, §7 message. */

describe('cat_tree (category select)', () => {
  it('loads the top level, then a node’s children on first expand; a pick holds its id', async () => {
    const t = renderTree({ type: 'cat_tree', value: '' });
    await waitFor(() => expect(t.calls('/sys/category/loadTreeData')).toHaveLength(1));
    expect(t.calls('/sys/category/loadTreeData')[0]!.params).toEqual({ pcode: '0' });
    await t.user.click(combo());
    await treeNode('服装');
    expect(document.querySelector('[title="手机"]')).toBeNull();
    await t.user.click(await switcherOf('电子产品'));
    await t.user.click(await treeNode('手机'));
    expect(t.calls('/sys/category/loadTreeData').map((c) => c.params)).toEqual([
      { pcode: '0' },
      { pid: 'c1' },
    ]);
    expect(t.onChange).toHaveBeenLastCalledWith('c11');
    expect(shownTexts(t.container)).toEqual(['手机']);
  });

  it('multi mode holds the picks comma-separated', async () => {
    const t = renderTree({ type: 'cat_tree', value: 'c2', props: { multi: true } });
    await waitFor(() => expect(shownTexts(t.container)).toEqual(['服装']));
    await t.user.click(combo());
    await t.user.click(await switcherOf('电子产品'));
    await t.user.click(await treeNode('电脑'));
    expect(t.onChange).toHaveBeenLastCalledWith('c2,c12');
    await t.user.click(await treeNode('服装'));
    expect(t.onChange).toHaveBeenLastCalledWith('c12');
  });

  it('shows a stored id by its name before its level is loaded', async () => {
    const t = renderTree({ type: 'cat_tree', value: 'c12' });
    await waitFor(() => expect(shownTexts(t.container)).toEqual(['电脑']));
    expect(t.calls('/sys/category/loadDictItem').map((c) => c.params)).toEqual([
      { ids: 'c12', delNotExist: 'false' },
    ]);
    // Only the top level was loaded: the name came from the lookup.
    expect(t.calls('/sys/category/loadTreeData')).toHaveLength(1);
  });

  it('a condition that is not a JSON object shows the message and loads nothing', async () => {
    const t = renderTree({ type: 'cat_tree', props: { condition: "name='手机'" } });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_TREE_CONDITION);
    expect(MSG_TREE_CONDITION).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect(t.calls('/sys/category/loadTreeData')).toHaveLength(0);
  });

  it('passes a JSON condition to every level', async () => {
    const t = renderTree({ type: 'cat_tree', props: { condition: '{"name":"电子产品"}' } });
    await waitFor(() =>
      expect(t.calls('/sys/category/loadTreeData')[0]?.params).toEqual({
        pcode: '0',
        condition: '{"name":"电子产品"}',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a dropdown at most 400 px high', async () => {
    const t = renderTree({ type: 'cat_tree' });
    await t.user.click(combo());
    await treeNode('服装');
    const popup = document.querySelector<HTMLElement>('.ant-select-dropdown')!;
    expect(popup.style.maxHeight).toBe('400px');
  });

  it('list views of many rows ask for the names in one request', async () => {
    const fake = fakeTreeHttp();
    const Display = builtinRegistry().get('cat_tree')!.display!;
    const values = Array.from({ length: 100 }, (_, i) => (i % 2 ? 'c11' : 'c2,c12'));
    render(
      <WithServices http={fake.http}>
        {values.map((value, i) => (
          <div key={i} data-testid="cell">
            <Display value={value} />
          </div>
        ))}
      </WithServices>,
    );
    await waitFor(() => expect(screen.getAllByTestId('cell')[0]!.textContent).toBe('服装,电脑'));
    expect(screen.getAllByTestId('cell')[1]!.textContent).toBe('手机');
    expect(fake.calls('/sys/category/loadDictItem')).toHaveLength(1);
  });
});

describe('sel_tree (tree select over a table)', () => {
  const props = { dict: 'sys_demo_tree,name,id', pidField: 'pid', hasChildField: 'has_child' };

  it('loads the top level and children from /sys/dict/loadTreeData', async () => {
    const t = renderTree({ type: 'sel_tree', value: '', props });
    await t.user.click(combo());
    await t.user.click(await switcherOf('电子产品'));
    await t.user.click(await treeNode('电脑'));
    expect(t.calls('/sys/dict/loadTreeData').map((c) => c.params)).toEqual([
      {
        tableName: 'sys_demo_tree',
        text: 'name',
        code: 'id',
        pidField: 'pid',
        hasChildField: 'has_child',
      },
      {
        tableName: 'sys_demo_tree',
        text: 'name',
        code: 'id',
        pidField: 'pid',
        hasChildField: 'has_child',
        pid: 'c1',
      },
    ]);
    expect(t.onChange).toHaveBeenLastCalledWith('c12');
  });

  it('shows stored values by their texts and refuses a bad condition', async () => {
    const t = renderTree({ type: 'sel_tree', value: 'c11,c2', props: { ...props, multi: true } });
    await waitFor(() => expect(shownTexts(t.container)).toEqual(['手机', '服装']));
    expect(t.calls('/sys/dict/loadDictItem/').map((c) => c.url)).toEqual([
      '/sys/dict/loadDictItem/sys_demo_tree%2Cname%2Cid',
    ]);
    t.unmount();
    const bad = renderTree({ type: 'sel_tree', props: { ...props, condition: '[1,2]' } });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_TREE_CONDITION);
    expect(bad.calls('/sys/dict/loadTreeData')).toHaveLength(0);
  });
});

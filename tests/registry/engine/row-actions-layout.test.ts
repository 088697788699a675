import { describe, expect, it } from 'vitest';
import type { ActionDefinition } from '../../../src/contracts/page';
import {
  layoutRowActions,
  rowActionsWidth,
} from '../../../registry/engine/list/row-actions-layout';

const action = (key: string, label: string): ActionDefinition => ({ key, label });
const EDIT = action('edit', '编辑');
const DETAIL = action('detail', '详情');
const DELETE = action('delete', '删除');

const keys = (list: readonly ActionDefinition[]) => list.map((a) => a.key);

describe('row action layout', () => {
  it('shows up to three links inline on wide screens', () => {
    const { inline, more } = layoutRowActions([EDIT, DETAIL, DELETE]);
    expect(keys(inline)).toEqual(['edit', 'detail', 'delete']);
    expect(more).toEqual([]);
  });

  it('on a phone keeps one link inline and the rest under 更多 (two links stay inline)', () => {
    const three = layoutRowActions([EDIT, DETAIL, DELETE], true);
    expect(keys(three.inline)).toEqual(['edit']);
    expect(keys(three.more)).toEqual(['detail', 'delete']);
    const two = layoutRowActions([EDIT, DETAIL], true);
    expect(keys(two.inline)).toEqual(['edit', 'detail']);
    expect(two.more).toEqual([]);
  });

  it('makes the phone column narrower than the wide one', () => {
    const actions = [EDIT, DETAIL, DELETE];
    expect(rowActionsWidth(actions, [], true)).toBeLessThan(rowActionsWidth(actions, []));
  });
});

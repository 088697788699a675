import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../src/contracts/page';
import { queryParams } from '../../../registry/engine/list/query-params';
import { builtinRegistry } from '../../renderers/support';

/**
 * A pca query field (客户管理's 所在地区): a region chosen in the query form finds every record
 * inside it (the code's prefix, right_like), unless the field sets its own rule.
 */

const region = (query: FieldDefinition['query']): FieldDefinition =>
  ({ name: 'region', label: '所在地区', type: 'pca', query }) as FieldDefinition;

describe('query params of a pca field', () => {
  const registry = builtinRegistry();

  it('a province finds its whole region, a city its districts, a district itself', () => {
    const field = region(true);
    expect(queryParams([field], { region: '440000' }, registry)).toEqual({ region: '44*' });
    expect(queryParams([field], { region: '440300' }, registry)).toEqual({ region: '4403*' });
    expect(queryParams([field], { region: '440305' }, registry)).toEqual({ region: '440305*' });
    expect(queryParams([field], { region: '' }, registry)).toEqual({});
  });

  it('the field’s own rule wins', () => {
    const field = region({ rule: 'eq' });
    expect(queryParams([field], { region: '440000' }, registry)).toEqual({ region: '440000' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { RendererServices } from '../../registry/services';
import { ServicesContext } from '../../registry/services';
import { useFieldOptions } from '../../registry/use-field-options';
import type { FieldDefinition } from '../../src/contracts/page';
import type { Dictionaries } from '../../src/runtime/dictionaries';
import type { Http } from '../../src/runtime/http';
import { builtinRegistry } from '../renderers/support';

/** Which dictionaries a screen loads whole for its fields (`useFieldOptions`). */

const FIELDS: FieldDefinition[] = [
  { name: 'sex', label: '性别', type: 'select', dictCode: 'sex' },
  { name: 'city', label: '城市', type: 'sel_search', dictCode: 'city' },
  { name: 'customer', label: '客户', type: 'sel_search_async', dictCode: 'demo_customer,name,id' },
];

describe('useFieldOptions', () => {
  it('loads the dictionaries of the fields, never the one a server-searched field names', async () => {
    const items = vi.fn<Dictionaries['items']>(async (code) => [
      { value: '1', text: code, title: code },
    ]);
    const services: RendererServices = {
      http: {} as Http,
      dicts: { items, text: async () => '', refresh: async () => undefined },
      registry: builtinRegistry(),
      can: () => true,
    };
    let seen: ReturnType<typeof useFieldOptions> | null = null;
    function Probe() {
      seen = useFieldOptions(FIELDS);
      return null;
    }
    render(
      <ServicesContext.Provider value={services}>
        <Probe />
      </ServicesContext.Provider>,
    );
    await waitFor(() => expect(seen?.ready).toBe(true));
    expect(items.mock.calls.map(([code]) => code).sort()).toEqual(['city', 'sex']);
    expect(seen!.options.get('city')).toEqual([{ value: '1', text: 'city' }]);
    expect(seen!.options.get('customer')).toEqual([]);
  });
});

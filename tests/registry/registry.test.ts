import { createElement, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  RESERVED_TYPES,
  RegistryError,
  createRegistry,
  displayText,
  reservedMessage,
} from '../../registry/registry';
import type { FieldWidgetProps, RendererSpec } from '../../registry/types';
import { BUILTIN_TYPES, registerBuiltinRenderers } from '../../renderers';
import type { BuiltinFieldType, FieldDefinition, PageDefinition } from '../../src/contracts/page';

const Widget = (props: FieldWidgetProps) => createElement('span', null, `w:${String(props.value)}`);
const spec: RendererSpec = { field: Widget };

function page(fields: readonly FieldDefinition[], extra: Partial<PageDefinition> = {}) {
  return {
    schemaVersion: 2,
    code: 'demo_page',
    title: '示例',
    kind: 'list',
    fields,
    ...extra,
  } as const satisfies PageDefinition;
}

describe('register', () => {
  it.each(RESERVED_TYPES)('refuses the reserved name %s, saying it is a keyword', (type) => {
    const registry = createRegistry();
    expect(() => registry.register(type, spec)).toThrow(RegistryError);
    expect(() => registry.register(type, spec)).toThrow(`${type} 是关键字`);
    expect(() => registry.register(type, spec, { override: true })).toThrow(reservedMessage(type));
    expect(registry.has(type)).toBe(false);
  });

  it('keeps the five reserved names of widgets.md §2.5', () => {
    expect([...RESERVED_TYPES].sort()).toEqual(
      ['row-checkbox', 'row-drag-sort', 'row-expand', 'row-number', 'row-radio'].sort(),
    );
  });

  it('refuses a duplicate unless override is set', () => {
    const registry = createRegistry();
    registry.register('rate', spec);
    expect(() => registry.register('rate', spec)).toThrow('组件类型 rate 已注册');
    const Other = () => null;
    registry.register('rate', { field: Other }, { override: true });
    expect(registry.get('rate')?.field).toBe(Other);
  });

  it.each(['', '1abc', 'a b', 'a.b', '类型', '-x', `a${'b'.repeat(64)}`])(
    'refuses the bad name %j',
    (type) => {
      expect(() => createRegistry().register(type, spec)).toThrow('不合法');
    },
  );

  it('refuses a registration without a field widget', () => {
    const bad = { field: undefined } as unknown as RendererSpec;
    expect(() => createRegistry().register('x', bad)).toThrow('缺少 field 组件');
  });

  it('refuses a props schema that is not a JSON Schema', () => {
    expect(() =>
      createRegistry().register('x', { field: Widget, props: { type: 'objekt' } }),
    ).toThrow('组件类型 x 的 props 不是合法的 JSON Schema');
  });

  it('fills the defaults of a spec', () => {
    const registry = createRegistry();
    registry.register('plain', spec);
    expect(registry.get('plain')).toMatchObject({
      type: 'plain',
      display: null,
      cell: null,
      props: null,
      queryRule: 'eq',
      valueType: 'string',
      lazy: false,
    });
  });

  it('lists its types sorted', () => {
    const registry = createRegistry();
    registry.register('b', spec);
    registry.register('a', spec);
    expect(registry.types()).toEqual(['a', 'b']);
  });
});

describe('scoped instances', () => {
  it('two registries do not share types', () => {
    const one = createRegistry();
    const two = createRegistry();
    one.register('rate', spec);
    expect(one.has('rate')).toBe(true);
    expect(two.has('rate')).toBe(false);
    two.register('rate', { field: () => null });
    expect(one.get('rate')?.field).toBe(Widget);
  });

  it('built-ins registered in one registry are absent from another', () => {
    const one = createRegistry();
    registerBuiltinRenderers(one);
    expect(createRegistry().types()).toEqual([]);
    expect(() => registerBuiltinRenderers(one)).toThrow('已注册');
  });
});

describe('checkPage', () => {
  const registry = createRegistry();
  registerBuiltinRenderers(registry);

  it('passes a page of known types with valid props', () => {
    expect(
      registry.checkPage(
        page([
          { name: 'name', label: '名称', type: 'input', props: { maxLength: 20 } },
          { name: 'sex', label: '性别', type: 'dict-select', dictCode: 'sex' },
        ]),
      ),
    ).toEqual([]);
  });

  it('reports an unknown type with its path and the registered types', () => {
    const problems = registry.checkPage(
      page([
        { name: 'a', label: 'A', type: 'input' },
        { name: 'b', label: 'B', type: 'stars' },
      ]),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('/fields/1/type');
    expect(problems[0]?.message).toContain('未知的组件类型 stars');
    expect(problems[0]?.message).toContain('input');
  });

  it('reports unknown types inside detail tables', () => {
    const problems = registry.checkPage(
      page([{ name: 'a', label: 'A', type: 'input' }], {
        kind: 'master-detail',
        details: [
          {
            code: 'lines',
            title: '明细',
            foreignKey: 'orderId',
            fields: [{ name: 'qty', label: '数量', type: 'spinner' }],
          },
        ],
      }),
    );
    expect(problems.map((p) => p.path)).toEqual(['/details/0/fields/0/type']);
  });

  it('reports unknown types and bad props inside action forms', () => {
    const problems = registry.checkPage(
      page([{ name: 'a', label: 'A', type: 'input' }], {
        toolbar: [
          {
            key: 'notify',
            url: '/demo/notify',
            form: { fields: [{ name: 'text', label: '内容', type: 'spinner' }] },
          },
        ],
        rowActions: [
          {
            key: 'resetPassword',
            url: '/demo/reset',
            form: {
              fields: [
                { name: 'password', label: '新密码', type: 'password', props: { maxLength: 0 } },
              ],
            },
          },
        ],
      }),
    );
    expect(problems.map((p) => p.path)).toEqual([
      '/toolbar/0/form/fields/0/type',
      '/rowActions/0/form/fields/0/props/maxLength',
    ]);
  });

  it('reports props that break the schema, with their paths', () => {
    const problems = registry.checkPage(
      page([
        { name: 'a', label: 'A', type: 'input' },
        { name: 'b', label: 'B', type: 'select', props: { allowClear: true } },
        { name: 'c', label: 'C', type: 'input', props: { maxLength: 'ten' } },
        { name: 'd', label: 'D', type: 'textarea', props: { autoSize: { minRows: 0 } } },
        { name: 'e', label: 'E', type: 'dict-select', props: { mode: 'tabs' } },
        { name: 'f', label: 'F', type: 'switch', props: { options: ['Y'] } },
        { name: 'g', label: 'G', type: 'date', props: { min: '2024/01/01' } },
        { name: 'h', label: 'H', type: 'input', props: { colour: 'red' } },
      ]),
    );
    const paths = problems.map((p) => p.path);
    expect(paths).toContain('/fields/2/props/maxLength');
    expect(paths).toContain('/fields/3/props/autoSize');
    expect(paths).toContain('/fields/3/props/autoSize/minRows');
    expect(paths).toContain('/fields/4/props/mode');
    expect(paths).toContain('/fields/5/props/options');
    expect(paths).toContain('/fields/6/props/min');
    expect(paths).toContain('/fields/7/props/colour');
    expect(paths.some((p) => p.startsWith('/fields/1/'))).toBe(false);
    const maxLength = problems.find((p) => p.path === '/fields/2/props/maxLength');
    expect(maxLength?.message).toMatch(/^组件 input：.*integer/);
    expect(problems.find((p) => p.path === '/fields/7/props/colour')?.message).toBe(
      '组件 input 不认识属性 colour',
    );
  });

  it('checks a custom renderer props', () => {
    const own = createRegistry();
    own.register('rate', {
      field: Widget,
      props: {
        type: 'object',
        additionalProperties: false,
        properties: { count: { type: 'integer', minimum: 1, maximum: 10 } },
      },
    });
    const problems = own.checkPage(
      page([{ name: 'score', label: '评分', type: 'rate', props: { count: 20 } }]),
    );
    expect(problems).toEqual([{ path: '/fields/0/props/count', message: expect.any(String) }]);
  });

  it('uses a new props schema after an override', () => {
    const own = createRegistry();
    const strict = { type: 'object', additionalProperties: false } as const;
    own.register('x', { field: Widget, props: strict });
    const withProp = page([{ name: 'a', label: 'A', type: 'x', props: { size: 1 } }]);
    expect(own.checkPage(withProp)).toHaveLength(1);
    own.register('x', { field: Widget, props: { type: 'object' } }, { override: true });
    expect(own.checkPage(withProp)).toEqual([]);
  });
});

describe('lazy renderers', () => {
  function lazyRegistry() {
    const Lazy = (props: FieldWidgetProps) =>
      createElement('span', null, `loaded:${String(props.value)}`);
    const load = vi.fn(() => Promise.resolve({ default: { field: Lazy } satisfies RendererSpec }));
    const registry = createRegistry();
    registry.register('heavy', {
      lazy: load,
      props: {
        type: 'object',
        additionalProperties: false,
        properties: { level: { type: 'integer' } },
      },
      valueType: 'number',
    });
    return { registry, load };
  }

  it('validates props before loading anything', () => {
    const { registry, load } = lazyRegistry();
    const problems = registry.checkPage(
      page([{ name: 'a', label: 'A', type: 'heavy', props: { level: 'high' } }]),
    );
    expect(problems.map((p) => p.path)).toEqual(['/fields/0/props/level']);
    expect(registry.get('heavy')).toMatchObject({ lazy: true, valueType: 'number' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads on first render, once for every part', async () => {
    const { registry, load } = lazyRegistry();
    const renderer = registry.get('heavy')!;
    render(
      createElement(
        Suspense,
        { fallback: createElement('span', null, '加载中') },
        createElement(renderer.field, { value: 1 }),
        renderer.cell && createElement(renderer.cell, { value: 2 }),
        renderer.display && createElement(renderer.display, { value: 3 }),
      ),
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(await screen.findByText('loaded:1')).toBeTruthy();
    expect(screen.getByText('loaded:2')).toBeTruthy();
    // The loaded spec has no display: the default text view.
    expect(screen.getByText('3')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('uses a light display given up front without loading', () => {
    const load = vi.fn(() => Promise.resolve({ default: spec }));
    const registry = createRegistry();
    const Light = () => createElement('span', null, 'light');
    registry.register('heavy', { lazy: load, display: Light });
    expect(registry.get('heavy')?.display).toBe(Light);
    render(createElement(Light));
    expect(load).not.toHaveBeenCalled();
  });
});

describe('built-in types', () => {
  it('registers every built-in type (issue 3, password, and the grid types of issue 5)', () => {
    const registry = createRegistry();
    registerBuiltinRenderers(registry);
    const expected: readonly BuiltinFieldType[] = [
      'input',
      'inputNumber',
      'textarea',
      'select',
      'select-multiple',
      'checkbox',
      'radio',
      'switch',
      'date',
      'datetime',
      'time',
      'dict-select',
      'checkbox-group',
      'hidden',
      'normal',
      'password',
      'select-search',
      'list_multi',
      'progress',
      'tags',
    ];
    expect(registry.types()).toEqual([...expected].sort());
    expect([...BUILTIN_TYPES].sort()).toEqual([...expected].sort());
    for (const type of expected) expect(registry.get(type)?.props).toBeTruthy();
  });
});

describe('displayText (the default read-only view)', () => {
  const field: FieldDefinition = { name: 'sex', label: '性别', type: 'plain' };
  const options = [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ];

  it('prefers <name>_dictText, then option texts, then the value', () => {
    expect(displayText({ value: '1', field, record: { sex_dictText: '男士' }, options })).toBe(
      '男士',
    );
    expect(displayText({ value: '1,2', options })).toBe('男,女');
    expect(displayText({ value: 7 })).toBe('7');
    expect(displayText({ value: null })).toBe('');
  });
});

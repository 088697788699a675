import { createElement, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  RESERVED_TYPES,
  RegistryError,
  createRegistry,
  displayText,
  preloadBindings,
  reservedMessage,
} from '../../registry/registry';
import type { FieldWidgetProps, RendererComponents } from '../../registry/types';
import { BUILTIN_BINDINGS, registerBuiltinRenderers } from '../../renderers';
import { BUILTIN_ENTRIES, CATALOGUE } from '../../src/contracts/catalogue/index';
import type { FieldDefinition } from '../../src/contracts/page';
import { catalogueWith, testEntry } from './test-catalogue';

const Widget = (props: FieldWidgetProps) => createElement('span', null, `w:${String(props.value)}`);
const spec: RendererComponents = { field: Widget };

/** A registry whose catalogue also knows the test types `rate`, `heavy`, `b` and `a`. */
function ownRegistry() {
  return createRegistry(
    catalogueWith(
      testEntry('rate'),
      testEntry('heavy', { value: 'number' }),
      testEntry('b'),
      testEntry('a'),
    ),
  );
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

  it('refuses a type its catalogue does not know, saying where to add it', () => {
    expect(() => createRegistry().register('rate', spec)).toThrow(
      '组件类型 rate 不在组件目录中：先在 src/contracts/catalogue 中加入它的条目',
    );
    expect(() => createRegistry().register('', spec)).toThrow(RegistryError);
  });

  it('refuses a duplicate unless override is set', () => {
    const registry = ownRegistry();
    registry.register('rate', spec);
    expect(() => registry.register('rate', spec)).toThrow('组件类型 rate 已注册');
    const Other = () => null;
    registry.register('rate', { field: Other }, { override: true });
    expect(registry.get('rate')?.field).toBe(Other);
  });

  it('refuses a binding without a field widget', () => {
    const bad = { field: undefined } as unknown as RendererComponents;
    expect(() => ownRegistry().register('rate', bad)).toThrow('缺少 field 组件');
  });

  it('resolves a binding with its catalogue entry', () => {
    const registry = createRegistry();
    registry.register('input', spec);
    expect(registry.get('input')).toMatchObject({
      type: 'input',
      entry: CATALOGUE.get('input'),
      display: null,
      cell: null,
      lazy: false,
    });
    expect(registry.get('input')?.entry.queryRule).toBe('like');
  });

  it('lists its types sorted', () => {
    const registry = ownRegistry();
    registry.register('b', spec);
    registry.register('a', spec);
    expect(registry.types()).toEqual(['a', 'b']);
  });
});

describe('scoped instances', () => {
  it('two registries do not share bindings', () => {
    const one = ownRegistry();
    const two = ownRegistry();
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

describe('lazy renderers', () => {
  function lazyRegistry() {
    const Lazy = (props: FieldWidgetProps) =>
      createElement('span', null, `loaded:${String(props.value)}`);
    const load = vi.fn(() =>
      Promise.resolve({ default: { field: Lazy } satisfies RendererComponents }),
    );
    const registry = ownRegistry();
    registry.register('heavy', { lazy: load });
    return { registry, load };
  }

  it('knows its entry before loading anything', () => {
    const { registry, load } = lazyRegistry();
    expect(registry.get('heavy')).toMatchObject({ lazy: true, entry: { value: 'number' } });
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
    // The loaded components have no display: the default text view.
    expect(screen.getByText('3')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('uses a light display given up front without loading', () => {
    const load = vi.fn(() => Promise.resolve({ default: spec }));
    const registry = ownRegistry();
    const Light = () => createElement('span', null, 'light');
    registry.register('heavy', { lazy: load, display: Light });
    expect(registry.get('heavy')?.display).toBe(Light);
    render(createElement(Light));
    expect(load).not.toHaveBeenCalled();
  });
});

describe('built-in types', () => {
  it('binds the types with heavy controls to loaders, with a light display where one exists', () => {
    const lazyTypes = Object.entries(BUILTIN_BINDINGS)
      .filter(([, binding]) => 'lazy' in binding)
      .map(([type, binding]) => [type, 'display' in binding && binding.display !== undefined]);
    expect(Object.fromEntries(lazyTypes)).toEqual({
      inputNumber: true,
      switch: true,
      date: true,
      datetime: true,
      time: true,
      progress: false,
      tags: false,
      sel_user: true,
      sel_depart: true,
      sel_position: true,
      sel_role: true,
      'icon-select': true,
      cat_tree: true,
      sel_tree: true,
      pca: true,
      sel_search: true,
      sel_search_async: true,
      popup: true,
      richtext: true,
      image: true,
      file: true,
      upload: true,
      markdown: true,
      'code-editor': true,
      cron: true,
    });
  });

  it('binds a lazy type to its plain components once its code has loaded', async () => {
    const registry = createRegistry();
    registerBuiltinRenderers(registry);
    expect(registry.get('progress')?.lazy).toBe(true);
    await preloadBindings([BUILTIN_BINDINGS.progress]);
    expect(registry.get('progress')?.lazy).toBe(false);
    // Another registry binds it plainly from the start.
    const other = createRegistry();
    registerBuiltinRenderers(other);
    expect(other.get('progress')?.lazy).toBe(false);
    expect(other.get('tags')?.lazy).toBe(true);
  });

  it('binds every catalogue entry, and nothing the catalogue lacks', () => {
    const registry = createRegistry();
    registerBuiltinRenderers(registry);
    expect(registry.types()).toEqual(CATALOGUE.types());
    expect(Object.keys(BUILTIN_BINDINGS).sort()).toEqual(BUILTIN_ENTRIES.map((e) => e.type).sort());
    for (const type of CATALOGUE.types()) {
      expect(registry.get(type)?.entry).toBe(CATALOGUE.get(type));
    }
  });
});

describe('displayText (the default read-only view)', () => {
  const field: FieldDefinition = { name: 'sex', label: '性别', type: 'select' };
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

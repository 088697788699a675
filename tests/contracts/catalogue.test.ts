import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_ENTRIES,
  CATALOGUE,
  CatalogueError,
  RESERVED_TYPES,
  defineCatalogue,
} from '../../src/contracts/catalogue/index';
import { propsValidators } from '../../src/contracts/generated/validators.js';
import type { FieldDefinition, PageDefinition, PageProblem } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';
import { catalogueWith, testEntry } from '../registry/test-catalogue';
import { defineProps } from '../../src/contracts/catalogue/props';

function page(fields: readonly FieldDefinition[], extra: Partial<PageDefinition> = {}) {
  return {
    schemaVersion: 2,
    code: 'demo_page',
    title: '示例',
    kind: 'list',
    api: { list: '/demo/list' },
    fields,
    ...extra,
  } as const satisfies PageDefinition;
}

function problemsOf(definition: unknown): readonly PageProblem[] {
  const checked = checkPage(definition);
  return checked.ok ? [] : checked.problems;
}

describe('the catalogue', () => {
  const ajv = new Ajv({ strict: false });

  it.each(BUILTIN_ENTRIES.map((e) => [e.type, e] as const))(
    '%s: a valid props schema its defaults fit, a title, a value kind and a grid reading',
    (_type, entry) => {
      expect(ajv.validateSchema(entry.props.schema as object)).toBe(true);
      expect(propsValidators[entry.type]?.(entry.props.defaults)).toBe(true);
      expect(entry.title).not.toBe('');
      expect(entry.value).toMatch(
        /^(string|number|boolean|date|datetime|time|list|json|files|html)$/,
      );
      expect(entry.grid.text).toMatch(/^(value|option|yes-no|tags|display)$/);
    },
  );

  it('lists every type once, sorted', () => {
    const names = BUILTIN_ENTRIES.map((e) => e.type);
    expect(new Set(names).size).toBe(names.length);
    expect(CATALOGUE.types()).toEqual([...names].sort());
  });

  it.each(RESERVED_TYPES)('refuses an entry named %s (the grid keeps it)', (type) => {
    expect(() => catalogueWith(testEntry(type))).toThrow(`${type} 是关键字`);
  });

  it.each(['', '1abc', 'a b', 'a.b', '类型', '-x', `a${'b'.repeat(64)}`])(
    'refuses the bad name %j',
    (type) => {
      expect(() => catalogueWith(testEntry(type))).toThrow('不合法');
    },
  );

  it('refuses a duplicate entry and an entry without a compiled validator', () => {
    const input = BUILTIN_ENTRIES[0];
    expect(() => defineCatalogue([input, input], propsValidators)).toThrow('组件类型 input 重复');
    expect(() => defineCatalogue([testEntry('rate')], propsValidators)).toThrow(CatalogueError);
    expect(() => defineCatalogue([testEntry('rate')], propsValidators)).toThrow(
      '组件类型 rate 没有编译好的 props 校验函数：运行 npm run generate',
    );
  });
});

describe('checkPage: catalogue types and props', () => {
  it('passes a page of known types with valid props', () => {
    expect(
      problemsOf(
        page([
          { name: 'name', label: '名称', type: 'input', props: { maxLength: 20 } },
          { name: 'sex', label: '性别', type: 'dict-select', dictCode: 'sex' },
        ]),
      ),
    ).toEqual([]);
  });

  it('reports an unknown type with its path and the known types', () => {
    const problems = problemsOf(
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
    const problems = problemsOf(
      page([{ name: 'a', label: 'A', type: 'input' }], {
        kind: 'master-detail',
        details: [
          {
            code: 'lines',
            title: '明细',
            foreignKey: 'orderId',
            fields: [
              { name: 'orderId', label: '订单', type: 'hidden' },
              { name: 'qty', label: '数量', type: 'spinner' },
            ],
          },
        ],
      }),
    );
    expect(problems.map((p) => p.path)).toEqual(['/details/0/fields/1/type']);
  });

  it('reports unknown types and bad props inside action forms', () => {
    const problems = problemsOf(
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
    const problems = problemsOf(
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

  it('checks a catalogue entry of the host (a custom renderer) with its own schema', () => {
    const rate = testEntry('rate', {
      props: defineProps<{ readonly count?: number }>()(
        { count: { type: 'integer', minimum: 1, maximum: 10 } },
        {},
      ),
    });
    const catalogue = catalogueWith(rate);
    const definition = page([{ name: 'score', label: '评分', type: 'rate', props: { count: 20 } }]);
    expect(checkPage(definition, { catalogue })).toEqual({
      ok: false,
      problems: [{ path: '/fields/0/props/count', message: '组件 rate：应当为 <= 10' }],
    });
    // The product catalogue does not know it.
    expect(problemsOf(definition).map((p) => p.path)).toEqual(['/fields/0/type']);
  });
});

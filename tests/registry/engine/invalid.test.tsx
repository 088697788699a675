import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { customerPage } from './definitions';
import { defineProps } from '../../../src/contracts/catalogue/props';
import { testEntry } from '../test-catalogue';
import { renderPage, testRegistry } from './harness';

function problems() {
  const panel = screen.getByTestId('page-definition-error');
  return [...panel.querySelectorAll('li')].map((li) => li.textContent);
}

describe(
  'invalid definitions: a precise error where the page would be',
  { timeout: 20_000 },
  () => {
    it('names the page and each JSON pointer with its problem', () => {
      const h = renderPage({
        ...customerPage,
        fields: [
          { name: 'name', label: '客户名称', type: 'input', colour: 'red' },
          { name: 'name', label: '重名', type: 'input' },
        ],
        list: { pageSize: 0 },
      });
      expect(screen.getByText('页面 「客户管理」（customer） 的定义有误，无法显示')).toBeTruthy();
      const list = problems();
      expect(list).toContain('/fields/0/colour 不认识的属性 colour');
      expect(list.some((p) => p?.startsWith('/list/pageSize'))).toBe(true);
      expect(h.requests).toHaveLength(0);
    });

    it('reports cross-reference problems (linkage to an unknown field, missing api.list)', () => {
      renderPage({
        schemaVersion: 2,
        code: 'broken',
        title: '坏页面',
        kind: 'list',
        fields: [{ name: 'a', label: 'A', type: 'input' }],
        linkages: [{ when: { field: 'ghost', operator: 'empty' }, targets: ['a'], effect: 'hide' }],
      });
      const list = problems();
      expect(list).toContain('/linkages/0/when/field 联动条件引用了不存在的字段 ghost');
      expect(list).toContain('/api/list 没有自己的表（table）时需要 api.list');
    });

    it('reports types the catalogue does not know, with the known ones', () => {
      renderPage({
        ...customerPage,
        fields: [{ name: 'name', label: '客户名称', type: 'rainbow' }],
      });
      const [first] = problems();
      expect(first).toMatch(/^\/fields\/0\/type 未知的组件类型 rainbow（已注册：.*input.*）$/);
    });

    it('reports renderer props that break the renderer schema', () => {
      const counter = testEntry('counter', {
        props: defineProps<{ readonly max?: number }>()({ max: { type: 'integer' } }, {}),
      });
      const registry = testRegistry([counter]);
      registry.register('counter', { field: () => null });
      renderPage(
        {
          ...customerPage,
          fields: [{ name: 'name', label: '客户名称', type: 'counter', props: { max: 'ten' } }],
        },
        { registry },
      );
      expect(problems()[0]).toMatch(/^\/fields\/0\/props\/max 组件 counter：/);
    });

    it('explains a missing or unknown schemaVersion and input that is not an object', () => {
      renderPage({ code: 'x1', title: '无版本', kind: 'list', fields: [] });
      expect(screen.getByText('页面 「无版本」（x1） 的定义有误，无法显示')).toBeTruthy();
      expect(problems()).toEqual(['/schemaVersion 缺少 schemaVersion（页面定义的版本号）']);
    });

    it('explains a definition that is not an object at all', () => {
      renderPage('not json');
      expect(screen.getByText('页面 （未命名页面） 的定义有误，无法显示')).toBeTruthy();
      expect(problems()).toEqual(['/schemaVersion 页面定义必须是一个 JSON 对象']);
    });

    it('upgrades a schemaVersion 1 definition (reference online-form columns) and renders it', async () => {
      renderPage({
        schemaVersion: 1,
        code: 'legacy',
        title: '旧版页面',
        tableName: 'demo_legacy',
        columns: [
          { dbFieldName: 'id', dbFieldTxt: '主键' },
          { dbFieldName: 'order_no', dbFieldTxt: '订单号', fieldShowType: 'text', isQuery: 1 },
        ],
      });
      expect(await screen.findByPlaceholderText('请输入订单号')).toBeTruthy();
      expect(screen.queryByTestId('page-definition-error')).toBeNull();
    });

    it('a renderer that throws shows the render error for that page, not a blank screen', () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const registry = testRegistry();
      registry.register(
        'input',
        {
          field: () => {
            throw new Error('组件坏了');
          },
        },
        { override: true },
      );
      renderPage(customerPage, { registry });
      expect(screen.getByTestId('page-render-error')).toBeTruthy();
      expect(screen.getByText('页面 「客户管理」（customer） 显示出错')).toBeTruthy();
      expect(screen.getByText('组件坏了')).toBeTruthy();
      spy.mockRestore();
    });
  },
);

/**
 * Page definitions and what `checkPage` says about them, shared by every place that checks a
 * definition: the engine (`loadPage`), the page editor (`checkDraft`) and the server's save and
 * dry run (tests/server/page-check.test.ts drives all of them with these).
 */
import { expect } from 'vitest';
import type { PageProblem } from '../../src/contracts/page';
import { MSG_SAME_ORIGIN_PATH } from '../../src/contracts/urls';
import { samplePage, type DraftPage } from './pages';

export interface PageCheckFixture {
  readonly name: string;
  /** Builds the definition for a page (and table) code of the test's choosing. */
  readonly definition: (code: string) => DraftPage;
  /** Every problem, in order; empty for a page that passes. */
  readonly problems: (code: string) => readonly PageProblem[];
}

function withField(code: string, type: string, props?: Record<string, unknown>): DraftPage {
  const page = samplePage(code);
  page.fields[1] = { name: 'amount', label: '金额', type, ...(props ? { props } : {}) };
  return page;
}

export const PAGE_CHECK_FIXTURES: readonly PageCheckFixture[] = [
  {
    name: 'a valid page',
    definition: (code) => samplePage(code),
    problems: () => [],
  },
  {
    name: 'an unknown field type',
    definition: (code) => withField(code, 'rainbow'),
    problems: () => [
      {
        path: '/fields/1/type',
        message: expect.stringMatching(/^未知的组件类型 rainbow（已注册：.*inputNumber.*）$/),
      },
    ],
  },
  {
    name: 'props of the wrong type',
    definition: (code) => withField(code, 'inputNumber', { precision: 'two' }),
    problems: () => [
      { path: '/fields/1/props/precision', message: '组件 inputNumber：应当是 integer 类型' },
    ],
  },
  {
    name: 'a prop the type does not have',
    definition: (code) => withField(code, 'inputNumber', { colour: 'red' }),
    problems: () => [
      { path: '/fields/1/props/colour', message: '组件 inputNumber 不认识属性 colour' },
    ],
  },
  {
    name: 'an unknown type in a detail table and in an action form',
    definition: (code) => {
      const page = samplePage(code);
      page.rowActions = [
        {
          key: 'notify',
          url: '/demo/notify',
          form: { fields: [{ name: 'text', label: '内容', type: 'spinner' }] },
        },
      ];
      return page;
    },
    problems: () => [
      {
        path: '/rowActions/0/form/fields/0/type',
        message: expect.stringMatching(/^未知的组件类型 spinner/),
      },
    ],
  },
  {
    name: 'a list url on another host',
    definition: (code) => ({ ...samplePage(code), api: { list: '//other-host/x' } }),
    problems: () => [{ path: '/api/list', message: MSG_SAME_ORIGIN_PATH }],
  },
  {
    name: 'action urls with a scheme, a backslash host or a way out of the API base',
    definition: (code) => ({
      ...samplePage(code),
      toolbar: [
        { key: 'a', url: 'javascript:alert(1)' },
        { key: 'b', url: '\\\\host\\x' },
        { key: 'c', url: 'https://evil.example/x' },
      ],
      rowActions: [{ key: 'd', url: '/sys/../../x' }],
    }),
    problems: () => [
      { path: '/toolbar/0/url', message: MSG_SAME_ORIGIN_PATH },
      { path: '/toolbar/1/url', message: MSG_SAME_ORIGIN_PATH },
      { path: '/toolbar/2/url', message: MSG_SAME_ORIGIN_PATH },
      { path: '/rowActions/0/url', message: MSG_SAME_ORIGIN_PATH },
    ],
  },
  {
    name: 'a meta-schema problem (a key a definition may not have)',
    definition: (code) => ({ ...samplePage(code), colour: 'red' }) as DraftPage,
    problems: () => [{ path: '/colour', message: '不认识的属性 colour' }],
  },
];

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageDefinition } from '../../src/contracts/page';
import { CATALOGUE } from '../../src/contracts/catalogue';
import {
  offersSuperQuery,
  superQueryKind,
  type SuperQueryKind,
} from '../../src/contracts/super-query-fields';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * Every shipped list page: each field the advanced query builder offers is one its list
 * endpoint filters by (a field the server does not know would answer 未知的查询字段 to a user
 * who picked it from the builder).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE: Readonly<Record<SuperQueryKind, { rule: string; val: string; type: string }>> = {
  text: { rule: 'like', val: 'zz', type: 'string' },
  // Dictionary values are codes; some columns hold them as integers.
  options: { rule: 'eq', val: '1', type: 'string' },
  number: { rule: 'gt', val: '0', type: 'number' },
  date: { rule: 'ge', val: '2000-01-01', type: 'date' },
  datetime: { rule: 'ge', val: '2000-01-01 00:00:00', type: 'datetime' },
};

const pages: PageDefinition[] = fs
  .readdirSync(path.join(ROOT, 'schemas'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', f), 'utf8')) as PageDefinition);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const listUrl = (page: PageDefinition) =>
  `/system${page.api?.list ?? `/online/cgform/api/${page.code}/list`}`;

describe('advanced query on the shipped list pages', () => {
  it.each(pages.map((p) => [p.code, p] as const))('%s', async (_code, page) => {
    const url = listUrl(page);
    const plain = await call(t.app, 'GET', url, { token: admin });
    // Lists that need the page they are opened from (a role's users, say) are not listable alone.
    if (!plain.body.success) return;
    // Fields the server cannot filter by are marked `superQuery: false` in the page. Options:
    // the fixed ones (the browser's loaded dictionaries make a dict field `options` anyway).
    const offered = page.fields
      .filter((f) => offersSuperQuery(f, CATALOGUE))
      .map((f) => ({
        name: f.name,
        kind: superQueryKind(f, CATALOGUE, (f.options?.length ?? 0) > 0),
      }));
    expect(offered.length).toBeGreaterThan(0);
    const refused: string[] = [];
    for (const field of offered) {
      const condition = { field: field.name, ...SAMPLE[field.kind] };
      const res = await call(t.app, 'GET', url, {
        token: admin,
        query: {
          superQueryParams: encodeURI(JSON.stringify([condition])),
          superQueryMatchType: 'and',
        },
      });
      if (!res.body.success) refused.push(`${field.name} (${field.kind}): ${res.body.message}`);
    }
    expect(refused).toEqual([]);
  });
});

/**
 * One check of a page definition everywhere (issue 11): the same fixtures through the shared
 * `checkPage`, the engine's `loadPage`, the page editor's `checkDraft` and the server's dry run
 * and save. A refused definition is neither stored nor given a table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPage } from '../../registry/engine/page-check';
import { checkDraft } from '../../src/app/pages/lowcode/model/draft-check';
import { CATALOGUE } from '../../src/contracts/catalogue/index';
import type { PageProblem } from '../../src/contracts/page';
import type { StoredPageResult, ValidateResult } from '../../src/contracts/page-api';
import { checkPage } from '../../src/contracts/page-check';
import { PAGE_CHECK_FIXTURES } from '../support/page-check-fixtures';
import { PAGE_API, tableExists } from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const plain = (problems: readonly PageProblem[]) =>
  problems.map(({ path, message }) => ({ path, message }));

describe.each(PAGE_CHECK_FIXTURES.map((f, i) => [f.name, f, `chk_fixture_${i}`] as const))(
  '%s',
  (_name, fixture, code) => {
    const definition = fixture.definition(code);
    const expected = fixture.problems(code);

    it('checkPage, the engine and the page editor say the same', () => {
      const shared = checkPage(definition);
      const engine = loadPage(definition, CATALOGUE);
      const editor = checkDraft(JSON.stringify(definition, null, 2), CATALOGUE);
      expect(shared.ok ? [] : plain(shared.problems)).toEqual(expected);
      expect(engine.ok ? [] : plain(engine.problems)).toEqual(expected);
      expect(editor.kind === 'ok' ? [] : plain(editor.problems)).toEqual(expected);
    });

    it('the server says the same on its dry run and its save', async () => {
      const dry = await call<ValidateResult>(t.app, 'POST', PAGE_API.validate, {
        token: admin,
        body: { definition },
      });
      expect(dry.body.result.problems).toEqual(expected);

      const saved = await call<StoredPageResult>(t.app, 'POST', PAGE_API.add, {
        token: admin,
        body: { definition },
      });
      const stored = await t.db
        .selectFrom('sys_page')
        .select('code')
        .where('code', '=', code)
        .executeTakeFirst();
      if (expected.length === 0) {
        expect(saved.body).toMatchObject({ success: true, message: '页面已创建' });
        expect(stored).toBeDefined();
        return;
      }
      expect(saved.body.success).toBe(false);
      const refused = saved.body.result as unknown as { problems: PageProblem[] };
      expect(refused.problems).toEqual(expected);
      expect(saved.body.message).toContain(expected[0]!.path);
      expect(stored).toBeUndefined();
      expect(await tableExists(t.db, code)).toBe(false);
    });
  },
);

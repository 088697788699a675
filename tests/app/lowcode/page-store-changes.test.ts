import { afterEach, describe, expect, it } from 'vitest';
import { createPageStore } from '../../../src/app/pages/lowcode/model/page-store';
import { onPageChange } from '../../../src/runtime/page-changes';
import { envelope } from '../../runtime/fakes';
import { createTestServices } from '../test-services';

/** The page store announces the pages its writes changed, and only when they succeeded. */

const definition = { schemaVersion: 2, code: 'contract', title: '合同', kind: 'list', fields: [] };
let stop: (() => void) | null = null;
afterEach(() => stop?.());

describe('page store change announcements', () => {
  it('announces a saved, rolled-back or deleted page; a refused save announces nothing', async () => {
    let refuse = false;
    const { services } = createTestServices(() => ({
      status: 200,
      data: refuse
        ? envelope(null, { success: false, code: 409, message: '页面已被他人修改' })
        : envelope({ code: 'contract', version: 2, definition }),
    }));
    const store = createPageStore(services.http);
    const heard: string[] = [];
    stop = onPageChange((code) => heard.push(code));

    await store.add({ definition });
    await store.edit({ definition, baseVersion: 1 });
    await store.rollback({ code: 'contract', version: 1, baseVersion: 2 });
    await store.remove('contract');
    refuse = true;
    const refused = await store.edit({ definition, baseVersion: 1 });
    await store.queryByCode('contract');

    expect(refused.ok).toBe(false);
    expect(heard).toEqual(['contract', 'contract', 'contract', 'contract']);
  });
});

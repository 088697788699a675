import { describe, expect, it } from 'vitest';
import { browserSession, waitForScreen } from './support';

interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly source: string;
}

describe('Content-Security-Policy', () => {
  const session = browserSession({ user: 'admin' });

  it('a signed-in user opening 用户管理 and the page editor meets no violation of the policy the app is served with', async () => {
    const { page } = session;
    const violations: Violation[] = [];
    await page.exposeFunction('__reportCspViolation', (v: Violation) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation(v: Violation): void })
          .__reportCspViolation;
        report({
          directive: event.violatedDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
        });
      });
    });

    const response = await page.goto('/isystem/user');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await waitForScreen(page, '/isystem/user', '用户管理');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(violations).toEqual([]);

    // The page editor: monaco, its workers and the checks of the page definition.
    await page.goto('/lowcode/page?code=demo_purchase');
    await page.locator('.monaco-editor .view-lines').first().waitFor();
    await page.getByTestId('page-version').first().waitFor();
    expect(violations).toEqual([]);
  });
});

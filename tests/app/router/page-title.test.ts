import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/app/router/use-document-title';

describe('page title', () => {
  it('is the page title followed by the product name', () => {
    expect(pageTitle('用户管理', 'Schema Admin')).toBe('用户管理 - Schema Admin');
  });

  it('is only the product name on the home page', () => {
    expect(pageTitle(null, 'Schema Admin')).toBe('Schema Admin');
  });
});

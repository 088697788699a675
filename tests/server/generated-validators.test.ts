import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateValidators } from '../../scripts/generate-validators';

describe('src/contracts/generated/validators.js', () => {
  it('is what `npm run generate` writes from today’s meta-schema and catalogue', () => {
    const committed = fs.readFileSync(GENERATED_FILE, 'utf8');
    // A failure here means a schema or catalogue entry changed: run `npm run generate`.
    expect(committed === generateValidators()).toBe(true);
  });

  it('needs no schema compiler and evaluates no code at run time', () => {
    const committed = fs.readFileSync(GENERATED_FILE, 'utf8');
    expect(committed).not.toMatch(/\bnew Function\b|\beval\(|from ["']ajv["']|require\(/);
  });
});

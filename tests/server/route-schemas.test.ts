/**
 * Routes read what their schemas validated (issue 11, item 3): a route's TypeBox schema types
 * `request.query` / `request.params` / `request.body` through the type provider
 * (server/http/typed.ts), so no route module casts what a request carries or declares its
 * shape a second time with a route generic.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['server/modules', 'server/realtime', 'server/http'];
const CASTS: readonly RegExp[] = [
  /request\.(query|params|body)\s+as\b/,
  /\b(app|api|server)\.(get|post|put|delete|patch|route)\s*<\s*\{/,
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('route modules', () => {
  it('never cast a request or declare its shape beside the schema', () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap(files)) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CASTS.some((cast) => cast.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

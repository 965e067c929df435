// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// schema.ts is generated from openapi.json, the document the Go declarations make (a Go test in
// internal/web fails while that one is stale). This fails while schema.ts is: run `make api`.
const web = fileURLToPath(new URL('../../..', import.meta.url));

describe('the generated contract', () => {
  it('schema.ts is what openapi-typescript makes of openapi.json', () => {
    const generated = execFileSync(
      process.execPath,
      ['node_modules/openapi-typescript/bin/cli.js', 'src/shared/api/openapi.json', '--enum-values'],
      {
        cwd: web,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const committed = readFileSync(`${web}src/shared/api/schema.ts`, 'utf8');
    expect(committed === generated, 'src/shared/api/schema.ts is stale: run `make api` (go generate ./internal/web)').toBe(true);
  });
});

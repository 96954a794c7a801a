// examples/web/src/api.d.ts is generated from this server's GET /api/openapi.json and
// committed: a change to the entities or routes must come with the regenerated file.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_FILE, generateApiTypes } from '../../../examples/web/scripts/gen-api';

describe('examples/web/src/api.d.ts', () => {
  it("agrees with the server's document (else: npm run gen:api -w examples/web)", async () => {
    const committed = await readFile(API_FILE, 'utf8');
    expect(committed === (await generateApiTypes())).toBe(true);
  }, 30_000);
});

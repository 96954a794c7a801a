// What a person reads when a hook or component typed by a registered document is used wrong:
// each mistake in test/typed-messages/ is one error that names it (the `// error:` mark above
// it). Each fixture registers its own document, so each is its own program.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureProgram, mismatches } from '../../../test-utils/typeDiagnostics';

const file = (path: string) => resolve(import.meta.dirname, path);

describe('a typed hook used wrong', () => {
  it('is one error that names it, on github', { timeout: 180_000 }, () => {
    const fixture = file('typed-messages/github.tsx');
    const program = fixtureProgram([fixture], file('../tsconfig.json'));
    expect(mismatches(program, fixture)).toEqual([]);
  });
});

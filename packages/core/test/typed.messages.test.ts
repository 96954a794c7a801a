// What a person reads when a typed call is wrong: each mistake in test/typed-messages/ is one
// error, where the mistake is, that names it (the `// error:` mark above it). The documents are
// real ones from npm, turned into types by openapi-typescript before the tests run
// (test-utils/openapiDocumentsSetup.ts).
import { resolve } from 'node:path';
import type ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProgram, mismatches } from '../../../test-utils/typeDiagnostics';

const file = (path: string) => resolve(import.meta.dirname, path);
const DOCUMENTS = ['github', 'petstore', 'stapi', 'uspto'];
const fixture = (name: string) => file(`typed-messages/${name}.ts`);

let program: ts.Program;
beforeAll(() => {
  program = fixtureProgram(DOCUMENTS.map(fixture), file('../tsconfig.json'));
}, 120_000);

describe('a mistake on a typed client', () => {
  // The first file checked pays for reading the document and the library: seconds, not ms.
  it.each(DOCUMENTS)('is one error that names it, on %s', { timeout: 120_000 }, (name) => {
    expect(mismatches(program, fixture(name))).toEqual([]);
  });
});

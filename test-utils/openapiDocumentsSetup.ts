// Vitest global setup of the projects whose type tests read real OpenAPI documents: writes
// their `paths` types (git-ignored) before any test or type check runs.
import { fileURLToPath } from 'node:url';
import { generateDocuments } from './openapiDocuments.mjs';

/** Where the generated documents live: core's fixtures, shared with the React tests. */
export const GENERATED = fileURLToPath(
  new URL('../packages/core/test/fixtures/openapi/generated/', import.meta.url),
);

export default async function setup(): Promise<void> {
  await generateDocuments(GENERATED);
}

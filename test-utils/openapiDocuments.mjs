#!/usr/bin/env node
// Real public OpenAPI documents from npm (pinned devDependencies), turned into `paths` types by
// the pinned openapi-typescript, for the type tests and the type-check benchmark. The output is
// large (GitHub's is several MB) and derived: it is written into a git-ignored folder, and
// written again only when the packages' versions change.
//
//     node test-utils/openapiDocuments.mjs <folder> [name...]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The documents, by the file name they are written to (`<name>.d.ts`). */
export const DOCUMENTS = {
  // GitHub's REST API: 811 paths, about 10 MB of JSON.
  github: { package: '@octokit/openapi', file: 'generated/api.github.com.json' },
  // Swagger's Petstore (OpenAPI 3): multipart and urlencoded bodies, an exploded array query.
  petstore: { package: '@readme/oas-examples', file: '3.0/json/petstore.json' },
  // STAPI, the Star Trek API: 80 paths, urlencoded search bodies, `default` error responses.
  stapi: { package: '@readme/oas-examples', file: '3.0/json/star-trek.json' },
  // The USPTO Data Set API: a urlencoded search body with a required field.
  uspto: { package: '@readme/oas-examples', file: '3.0/json/uspto.json' },
};

const versionOf = (name) => require(`${name}/package.json`).version;

// The first line of a generated file: what it was made from, so a stale one is made again.
function banner(name) {
  const { package: pkg, file } = DOCUMENTS[name];
  return `// Generated from ${pkg}@${versionOf(pkg)} ${file} by openapi-typescript@${versionOf('openapi-typescript')}. Do not edit.`;
}

function upToDate(target, name) {
  try {
    return readFileSync(target, 'utf8').slice(0, 500).split('\n', 1)[0] === banner(name);
  } catch {
    return false;
  }
}

/**
 * Writes `<folder>/<name>.d.ts` for each document named (all by default) unless it is up to
 * date; resolves the paths written or kept.
 *
 * @example
 * await generateDocuments('packages/core/test/fixtures/openapi/generated', ['petstore']);
 */
export async function generateDocuments(folder, names = Object.keys(DOCUMENTS)) {
  mkdirSync(folder, { recursive: true });
  const written = [];
  for (const name of names) {
    if (!(name in DOCUMENTS))
      throw new TypeError(`unknown document "${name}" (${Object.keys(DOCUMENTS).join(', ')})`);
    const target = join(folder, `${name}.d.ts`);
    written.push(target);
    if (upToDate(target, name)) continue;
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const { package: pkg, file } = DOCUMENTS[name];
    const source = require.resolve(`${pkg}/${file}`);
    const started = Date.now();
    const document = JSON.parse(readFileSync(source, 'utf8'));
    writeFileSync(target, `${banner(name)}\n${astToString(await openapiTS(document))}`);
    console.log(`generated ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folder, ...names] = process.argv.slice(2);
  if (!folder) {
    console.error('usage: node test-utils/openapiDocuments.mjs <folder> [name...]');
    process.exit(2);
  }
  await generateDocuments(folder, names.length > 0 ? names : undefined);
}

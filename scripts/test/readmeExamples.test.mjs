// The README-execution stage's own logic: which blocks run, where they point, and what the
// harness counts as a failure (a real Node child per case, as the stage runs them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importedPackages, notRunReason, planBlocks, pointAt } from '../run-readme-examples.mjs';

describe('notRunReason', () => {
  const md = (text) => text.split('\n');
  it('reads the mark among the comment lines right above the fence', () => {
    expect(notRunReason(md('<!-- not run: needs a browser -->\n```ts\nx\n```'), 2)).toBe(
      'needs a browser',
    );
    const stacked = md('<!-- not run: third-party -->\n\n<!-- not-checked: x -->\n```tsx\n```');
    expect(notRunReason(stacked, 4)).toBe('third-party');
    expect(notRunReason(md('<!-- not run: -->\n```ts\n```'), 2)).toBe('');
  });
  it('ignores a mark that prose separates from the fence', () => {
    expect(notRunReason(md('<!-- not run: x -->\nSome text.\n```ts\n```'), 3)).toBeNull();
    expect(notRunReason(md('```ts\n```'), 1)).toBeNull();
  });
});

it('pointAt sends the README addresses of the reference server to the started one', () => {
  const code = `createClient('http://127.0.0.1:4000/api'); createClient("http://localhost:3000");`;
  expect(pointAt(code, 'http://127.0.0.1:5555')).toBe(
    `createClient('http://127.0.0.1:5555/api'); createClient("http://127.0.0.1:5555");`,
  );
  expect(pointAt(`'https://api.example.com/api'`, 'http://127.0.0.1:1')).toBe(
    `'https://api.example.com/api'`,
  );
});

it('importedPackages names the packages a block imports, without node: built-ins', () => {
  const code = `import { a } from '@bridgekit/core';\nimport { b } from '@bridgekit/core/dialects';\nimport x from 'qs/lib';\nimport 'side-effect';\nimport { readFile } from 'node:fs/promises';\nimport { c } from './local';\nconst d = await import('ky');`;
  expect(importedPackages(code).sort()).toEqual(['@bridgekit/core', 'ky', 'qs', 'side-effect']);
});

describe('planBlocks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bk-plan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('runs ts blocks, skips marked ones and refuses an unmarked tsx block', () => {
    writeFileSync(
      join(dir, 'README.md'),
      [
        '```ts',
        'console.log(1);',
        '```',
        '<!-- not run: needs a browser -->',
        '```ts',
        'document.title;',
        '```',
        '```tsx',
        'export const A = () => null;',
        '```',
        '<!-- not-checked: excerpt -->',
        '```ts',
        'f(',
        '```',
      ].join('\n'),
    );
    const plan = planBlocks(dir);
    expect(plan.run).toEqual([{ where: 'README.md:1', code: 'console.log(1);\n' }]);
    expect(plan.notRun).toEqual([
      { where: 'README.md:5', reason: 'needs a browser' },
      { where: 'README.md:12', reason: 'not type-checked: excerpt' },
    ]);
    expect(plan.problems).toEqual([expect.stringMatching(/^README.md:8: a tsx block/)]);
  });
});

describe('the harness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bk-harness-'));
  const harness = fileURLToPath(new URL('../readme-examples/harness.mjs', import.meta.url));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (name, code) => {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, code);
    const result = spawnSync(process.execPath, [harness, file], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { status: result.status, output: result.stdout + result.stderr };
  };

  it('passes a module that ends well, even with a timer left behind', () => {
    expect(run('ok', `setInterval(() => {}, 1000);\nconsole.log({ success: true });`).status).toBe(
      0,
    );
  });
  it('fails a module that throws, rejects or leaves a rejection unhandled', () => {
    expect(run('throws', `throw new Error('boom');`)).toMatchObject({ status: 1 });
    expect(run('rejects', `await Promise.reject(new Error('late'));`).output).toMatch(/late/);
    expect(run('floating', `Promise.reject(new Error('floating'));`).status).toBe(1);
  });
  it('fails a module that logs success: false or reaches console.error', () => {
    const logged = run('logged', `console.log('res', { success: false, status: 401 });`);
    expect(logged.status).toBe(1);
    expect(logged.output).toMatch(/logged success: false/);
    expect(run('error', `console.error(401, 'Unauthorized');`).status).toBe(1);
  });
  it('fails a module whose request gets an HTTP error or no answer', () => {
    const server = `import { createServer } from 'node:http';
const s = createServer((req, res) => { res.statusCode = 404; res.end(); });
await new Promise((r) => s.listen(0, '127.0.0.1', r));
const res = await fetch('http://127.0.0.1:' + s.address().port + '/missing');
s.close();
console.log(res.status);`;
    const http = run('http', server);
    expect(http.status).toBe(1);
    expect(http.output).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/missing answered 404/);
    const refused = run('refused', `await fetch('http://127.0.0.1:9/').catch(() => {});`);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/got no answer/);
  });
});

// The README-execution stage's own logic: which blocks run, where they point, and what the
// harness counts as a failure (a real Node child per case, as the stage runs them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { reactModule } from '../readme-examples/react-block.mjs';
import {
  importedPackages,
  notRunReason,
  planBlocks,
  pointAt,
  runMark,
} from '../run-readme-examples.mjs';

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

it('runMark reads the run: directives above the fence', () => {
  const lines = ['<!-- run: signed out; expects 401, 422; given {"id": "7"} -->', '```tsx'];
  expect(runMark(lines, 2)).toEqual({ signedOut: true, expects: [401, 422], given: { id: '7' } });
  expect(runMark(['<!-- run: public reads -->', '', '```ts'], 3)).toEqual({ publicReads: true });
  expect(runMark(['<!-- run: against feathers -->', '```ts'], 2)).toEqual({ backend: 'feathers' });
  expect(() => runMark(['<!-- run: against strapi -->', '```ts'], 2)).toThrow(/unknown/);
  expect(runMark(['```tsx'], 1)).toEqual({});
  expect(() => runMark(['<!-- run: sideways -->', '```ts'], 2)).toThrow(/unknown/);
});

describe('reactModule', () => {
  it('renders top-level JSX, with declared names given harmless values', () => {
    const code = reactModule(
      "import { BridgeView } from '@bridgekit/react';\nimport type { ReactNode } from 'react';\ndeclare function Spinner(): ReactNode;\ndeclare function track(e: string): void;\n<BridgeView loadingComponent={<Spinner />} onUnauthorized={track}><p /></BridgeView>;\n",
    );
    expect(code).toContain('const Spinner = () => null;');
    expect(code).toContain('const track = () => undefined;');
    expect(code).toContain('__elements.push(<BridgeView');
    expect(code).toContain('export const __ownProvider = false;');
  });
  it('renders the last component a block declares, with children', () => {
    const code = reactModule(
      "import { BridgeProvider } from '@bridgekit/react';\nfunction A() { return null; }\nexport const App = () => <BridgeProvider config={{ baseUrl: '/api' }}><A /></BridgeProvider>;\n",
    );
    expect(code).toContain('__elements.push(<App>{<p>children</p>}</App>);');
    expect(code).toContain('export const __ownProvider = true;');
  });
  it('turns a hook snippet into a component: hooks in its render, the rest in an effect', () => {
    const code = reactModule(
      "import { type BridgeApiService, useBridgeMutation } from '@bridgekit/react';\ninterface P { id: string }\ndeclare const products: BridgeApiService<P>;\nconst { mutate } = useBridgeMutation(products, 'update');\nawait mutate({ id: '1', data: {} });\n",
    );
    const render = code.indexOf("const { mutate } = useBridgeMutation(products, 'update');");
    const effect = code.indexOf('__React.useEffect(');
    expect(code).toContain("const products = __useBridgeApi({ endpoint: '/products' });");
    expect(render).toBeGreaterThan(code.indexOf('function __Snippet()'));
    expect(effect).toBeGreaterThan(render);
    expect(code.indexOf("await mutate({ id: '1', data: {} });")).toBeGreaterThan(effect);
    expect(code.indexOf('interface P')).toBeLessThan(code.indexOf('function __Snippet()'));
  });
  it('wants a value for a declared name it cannot make up', () => {
    expect(() => reactModule('declare const when: Date;\n')).toThrow(/given/);
    expect(reactModule('declare const when: Date;\n', { when: 'x' })).toContain(
      'const when = "x";',
    );
  });
});

it('pointAt sends the README addresses of the reference server to the started one', () => {
  const code = `createClient('http://127.0.0.1:4000/api'); createClient("http://localhost:3000");`;
  expect(pointAt(code, 'http://127.0.0.1:5555')).toBe(
    `createClient('http://127.0.0.1:5555/api'); createClient("http://127.0.0.1:5555");`,
  );
  // "Your API" speaks the reference server's protocol; other hosts are left alone.
  expect(pointAt(`'https://api.example.com/api'`, 'http://127.0.0.1:1')).toBe(
    `'http://127.0.0.1:1/api'`,
  );
  expect(pointAt(`'https://api.example.community'`, 'http://127.0.0.1:1')).toBe(
    `'https://api.example.community'`,
  );
});

it('importedPackages names the packages a block imports, without node: built-ins', () => {
  const code = `import { a } from '@bridgekit/core';\nimport { b } from '@bridgekit/core/dialects';\nimport x from 'qs/lib';\nimport 'side-effect';\nimport { readFile } from 'node:fs/promises';\nimport { c } from './local';\nconst d = await import('ky');`;
  expect(importedPackages(code).sort()).toEqual(['@bridgekit/core', 'ky', 'qs', 'side-effect']);
});

describe('planBlocks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bk-plan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('runs ts and tsx blocks with their run: mark, skips not-run ones, refuses a bad mark', () => {
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
        '<!-- run: signed out -->',
        '```tsx',
        'export const A = () => null;',
        '```',
        '<!-- not-checked: excerpt -->',
        '```ts',
        'f(',
        '```',
        '<!-- run: sideways -->',
        '```ts',
        '```',
      ].join('\n'),
    );
    const plan = planBlocks(dir);
    expect(plan.run).toEqual([
      { where: 'README.md:1', lang: 'ts', code: 'console.log(1);\n' },
      {
        where: 'README.md:9',
        lang: 'tsx',
        code: 'export const A = () => null;\n',
        signedOut: true,
      },
    ]);
    expect(plan.notRun).toEqual([
      { where: 'README.md:5', reason: 'needs a browser' },
      { where: 'README.md:13', reason: 'not type-checked: excerpt' },
    ]);
    expect(plan.problems).toEqual([
      expect.stringMatching(/^README.md:17: unknown "run:" directive/),
    ]);
  });
});

describe('the harness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bk-harness-'));
  const harness = fileURLToPath(new URL('../readme-examples/harness.mjs', import.meta.url));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (name, code, env = {}) => {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, code);
    const result = spawnSync(process.execPath, [harness, file], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, ...env },
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
    // A request the example itself aborted (a hook whose key changed) is not left unanswered.
    const aborted = `import { createServer } from 'node:http';
const s = createServer(() => {});
await new Promise((r) => s.listen(0, '127.0.0.1', r));
const controller = new AbortController();
const pending = fetch('http://127.0.0.1:' + s.address().port + '/slow', { signal: controller.signal });
controller.abort();
await pending.catch(() => {});
s.closeAllConnections();
s.close();`;
    expect(run('aborted', aborted).status).toBe(0);
    // A time-out is.
    const timedOut = run(
      'timed-out',
      aborted
        .replace('controller.abort();', '')
        .replace('controller.signal', 'AbortSignal.timeout(50)'),
    );
    expect(timedOut.status).toBe(1);
    expect(timedOut.output).toMatch(/\/slow got no answer/);
  });
  it('fails on a success: false body, passes a status the block expects', () => {
    const answer = (status, body) => `import { createServer } from 'node:http';
const s = createServer((req, res) => {
  res.statusCode = ${status};
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(${JSON.stringify(body)}));
});
await new Promise((r) => s.listen(0, '127.0.0.1', r));
await fetch('http://127.0.0.1:' + s.address().port + '/x');
s.close();`;
    const refused = run('body', answer(200, { success: false, error: 'no' }));
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/answered success: false/);
    const expected = answer(401, { success: false, error: 'Unauthorized' });
    expect(run('expected', expected, { BK_README_EXPECTS: '401' }).status).toBe(0);
    expect(run('unexpected', expected, { BK_README_EXPECTS: '422' }).status).toBe(1);
  });
});

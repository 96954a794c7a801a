// The troubleshooting page (docs/guide/troubleshooting.md) lists every programmer error and every
// CLIENT_ERROR message the packages can give: this test reads the messages out of the sources and
// fails when the page lacks one, so a new message cannot ship without its cause and fix.
//
// What it reads, in every packages/*/src/**/*.ts(x), with the TypeScript parser:
// - the message of `new TypeError(…)`, `new RangeError(…)`, `new Error(…)` and
//   `new RefusedRedirect(…)` (the client's TypeError for a redirect it must not follow);
// - `mustBe(name, expected, …)` (packages/core/src/checks.ts), read as `<name> must be <expected>`;
// - `unsupported(dialect, what)`, read as `<dialect> cannot express <what>`;
// - CLIENT_ERROR failures: `failure('CLIENT_ERROR', message)`, `clientError(message)`,
//   `new BridgeApiError(message, { code: 'CLIENT_ERROR' })` and `{ code: 'CLIENT_ERROR', error }`;
// - what the client tells `onError` of a failure without a response: `networkError(message)` and
//   `namedError(name, message)` (NETWORK_ERROR, TIMEOUT, ABORTED);
// - the strings returned by a `…Problem` function of the client packages (`headerProblem`: the
//   messages a bad header gives).
// A message is its fixed text: string literals and the literal parts of template strings and
// `+` concatenations; whatever is computed (`${name}`, a variable) is a hole, which matches any
// text on the page. The page must hold each message's fixed parts in order on one line (so
// `<name> must be a number` and `config.timeout must be a number` both match `${name} must be a
// number`). A message that is computed whole (`new TypeError(problem)`) has no fixed text and is
// left to the function that wrote it, which is read in its turn when it is one of the above.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PAGE = join(root, 'docs/guide/troubleshooting.md');
const ERRORS = new Set(['TypeError', 'RangeError', 'Error', 'RefusedRedirect']);
const HOLE = null;

/** The fixed parts of a message expression, with `HOLE` for each computed part. */
function parts(node) {
  if (node === undefined) return [HOLE];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.flatMap((span) => [HOLE, span.literal.text])];
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return [...parts(node.left), ...parts(node.right)];
  }
  if (ts.isParenthesizedExpression(node)) return parts(node.expression);
  return [HOLE];
}

const isClientErrorCode = (node) =>
  node !== undefined &&
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
  node.text === 'CLIENT_ERROR';

/** The property `name` of an object literal, if it has one. */
function property(object, name) {
  if (object === undefined || !ts.isObjectLiteralExpression(object)) return undefined;
  const found = object.properties.find(
    (p) => ts.isPropertyAssignment(p) && p.name.getText() === name,
  );
  return found?.initializer;
}

/** The message parts `node` gives, or `undefined` when it gives none. */
function messageOf(node, inProblemFunction) {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
    const [message, details] = node.arguments ?? [];
    if (ERRORS.has(node.expression.text)) return parts(message);
    if (node.expression.text === 'BridgeApiError' && isClientErrorCode(property(details, 'code'))) {
      return parts(message);
    }
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const [first, second] = node.arguments;
    switch (node.expression.text) {
      case 'mustBe':
        return [...parts(first), ' must be ', ...parts(second)];
      case 'unsupported':
        return [...parts(first), ' cannot express ', ...parts(second)];
      case 'failure':
        return isClientErrorCode(first) ? parts(second) : undefined;
      case 'clientError':
      case 'networkError':
        return parts(first);
      case 'namedError':
        return parts(second);
    }
  }
  if (ts.isObjectLiteralExpression(node) && isClientErrorCode(property(node, 'code'))) {
    const error = property(node, 'error');
    return error && parts(error);
  }
  if (inProblemFunction && ts.isReturnStatement(node) && node.expression) {
    const returned = parts(node.expression);
    return returned.some((part) => part !== HOLE) ? returned : undefined;
  }
  return undefined;
}

function sourceFiles() {
  const packages = join(root, 'packages');
  return readdirSync(packages).flatMap((name) => {
    const src = join(packages, name, 'src');
    let files;
    try {
      files = readdirSync(src, { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
    return files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')).map((f) => join(src, f));
  });
}

const isProblemFunction = (node) =>
  (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) &&
  /Problem$/.test(node.name?.text ?? '');

/**
 * Every message of the sources with fixed text: `{ where, text, pattern }`, `text` showing holes
 * as `…`, `pattern` matching it on one line of the page.
 */
function messages() {
  const found = [];
  for (const file of sourceFiles()) {
    const where = relative(root, file);
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    // The server's `…Problem` functions word 4xx answers, not client errors.
    const readsProblems = !where.startsWith('packages/server/');
    const visit = (node, inProblem) => {
      const message = messageOf(node, inProblem);
      if (message) {
        const fixed = message
          .map((part) => (part === HOLE ? HOLE : part.trim()))
          .filter((part) => part === HOLE || /[A-Za-z]/.test(part));
        if (fixed.some((part) => part !== HOLE)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.push({
            where: `${where}:${line}`,
            text: message.map((part) => (part === HOLE ? '…' : part)).join(''),
            pattern: new RegExp(
              fixed
                .filter((part) => part !== HOLE)
                .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
                .join('[^\\n]*?'),
            ),
          });
        }
      }
      ts.forEachChild(node, (child) =>
        visit(child, inProblem || (readsProblems && isProblemFunction(node))),
      );
    };
    visit(source, false);
  }
  return found;
}

/** The page as a reader sees its text: Markdown's backslash escapes (`\|` in a table) undone. */
function pageText() {
  return readFileSync(PAGE, 'utf8').replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');
}

// Read once: parsing every source file takes a few seconds.
const found = messages();

it('reads the messages of every package', () => {
  const packages = new Set(found.map((m) => m.where.split('/')[1]));
  expect([...packages].sort()).toEqual(['core', 'nextjs', 'react', 'react-native', 'server']);
  expect(found.length).toBeGreaterThan(150);
  // One of each kind, so a broken reading cannot pass quietly.
  const texts = found.map((m) => m.text);
  expect(texts).toContain('config.… cannot be combined with config.session');
  expect(texts).toContain('… cannot express offset (the paginator counts pages)');
  expect(texts).toContain('No sign-in is waiting for a second factor');
  expect(texts).toContain('A middleware resolved no ApiResponse');
  expect(texts).toContain('header "…" must have a string value');
});

it('the troubleshooting page holds every message', () => {
  const page = pageText();
  const missing = found.filter((m) => !m.pattern.test(page)).map((m) => `${m.where}: ${m.text}`);
  expect(missing).toEqual([]);
});

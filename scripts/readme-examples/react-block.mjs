// Turns a README `tsx` block (React) into a module that exports what to render, for
// scripts/run-readme-examples.mjs. A block is one of three shapes:
// - it has top-level JSX expressions (`<BridgeTable … />;`): each one is rendered;
// - else it declares components (`function Products() {…}`, `const App = () => …`): the last
//   one is rendered, with `children` when it takes them;
// - else it is the body of a component (hook calls, then what the reader does with them): the
//   leading hook calls become a component's render, the statements from the first other one on
//   (awaits, setters) run once in an effect after the first render.
// `declare` lines get harmless values: a `ReactNode` is a `<p>`, a function a no-op (a
// `ReactNode` one renders nothing), a `Client` a client of the reference server, a
// `BridgeApiService<T>` named `products` is `useBridgeApi({ endpoint: '/products' })`, other
// values come from the block's `<!-- run: given {…} -->` mark (JSON), else `'1'` or `1`.
import ts from 'typescript';

const isJsx = (node) =>
  ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);
const unwrap = (node) => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);
const isComponentName = (name) => /^[A-Z]/.test(name);
const hasDeclare = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);

/** `const x = useThing(…)` (or a destructuring of it): a hook call, part of a render. */
function isHookStatement(node) {
  if (!ts.isVariableStatement(node)) return false;
  return node.declarationList.declarations.every((d) => {
    const init = d.initializer && unwrap(d.initializer);
    return init && ts.isCallExpression(init) && /^use[A-Z]/.test(init.expression.getText());
  });
}

function componentName(node) {
  if (ts.isFunctionDeclaration(node) && node.body && node.name) {
    return isComponentName(node.name.text) ? node.name.text : null;
  }
  if (ts.isVariableStatement(node) && node.declarationList.declarations.length === 1) {
    const [d] = node.declarationList.declarations;
    const init = d.initializer && unwrap(d.initializer);
    if (ts.isIdentifier(d.name) && isComponentName(d.name.text) && init) {
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return d.name.text;
    }
  }
  return null;
}

/** A harmless value for a declared name, as TSX source. */
function declaredValue(name, typeText, given, isFunction) {
  if (Object.hasOwn(given, name)) {
    const value = JSON.stringify(given[name]);
    return isFunction ? `() => (${value})` : value;
  }
  const type = typeText.trim();
  if (isFunction) {
    if (/ReactNode|JSX\.Element/.test(type)) return '() => null';
    if (/^\(.*=>/.test(type)) return '() => () => {}';
    return '() => undefined';
  }
  if (/ReactNode|JSX\.Element/.test(type)) return `<p>${name}</p>`;
  if (/^\(.*=>/.test(type)) return '() => {}';
  if (/^Client\b/.test(type)) return "__createClient(location.origin + '/api')";
  if (/^number\b/.test(type)) return '1';
  if (/^string\b/.test(type)) return "'1'";
  throw new Error(`cannot make up a value for \`declare ${name}: ${type}\`: add it to "given"`);
}

/**
 * The TSX source of the module to render for a README `tsx` block: it exports `__elements`
 * (the React elements to render) and `__ownProvider` (the block renders its own
 * `BridgeProvider`). `given` maps declared names to values (the block's mark).
 */
export function reactModule(code, given = {}) {
  const source = ts.createSourceFile(
    'block.tsx',
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const text = (node) => code.slice(node.getStart(source), node.end);
  const imports = [];
  const declared = [];
  const services = [];
  const body = [];
  const elements = [];
  const components = [];
  for (const node of source.statements) {
    // Imports and types stay at the top of the module, whatever the block's shape.
    if (ts.isImportDeclaration(node)) imports.push(text(node));
    else if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      imports.push(text(node));
    } else if (hasDeclare(node) && ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) {
        const name = d.name.getText(source);
        const type = d.type ? d.type.getText(source) : '';
        const service = /^BridgeApiService\b/.exec(type);
        if (service) services.push(`const ${name} = __useBridgeApi({ endpoint: '/${name}' });`);
        else declared.push(`const ${name} = ${declaredValue(name, type, given, false)};`);
      }
    } else if (hasDeclare(node) && ts.isFunctionDeclaration(node)) {
      const name = node.name.text;
      const type = node.type ? node.type.getText(source) : '';
      declared.push(`const ${name} = ${declaredValue(name, type, given, true)};`);
    } else if (ts.isExpressionStatement(node) && isJsx(unwrap(node.expression))) {
      body.push(`__elements.push(${text(node.expression)});`);
      elements.push(node);
    } else {
      const name = componentName(node);
      if (name) components.push(name);
      body.push({ node, code: text(node) });
    }
  }
  const out = [
    ...imports,
    "import * as __React from 'react';",
    "import { createClient as __createClient, useBridgeApi as __useBridgeApi } from '@bridgekit/react';",
    ...declared,
    'export const __elements: __React.ReactNode[] = [];',
  ];
  const ownProvider =
    imports.length > 0 && /\bBridgeProvider\b/.test(code.replace(/^import.*$/gm, ''));
  if (elements.length > 0 || components.length > 0) {
    if (services.length > 0) throw new Error('a declared BridgeApiService needs a hook snippet');
    out.push(...body.map((part) => (typeof part === 'string' ? part : part.code)));
    if (elements.length === 0) {
      const last = components.at(-1);
      const children = declared.some((d) => d.startsWith('const children '))
        ? 'children'
        : '<p>children</p>';
      out.push(`__elements.push(<${last}>{${children}}</${last}>);`);
    }
  } else {
    const statements = body.map((part) => part.node);
    let split = statements.findIndex((node) => !isHookStatement(node));
    if (split === -1) split = statements.length;
    out.push(
      'function __Snippet() {',
      ...services,
      ...statements.slice(0, split).map(text),
      '  __React.useEffect(() => {',
      '    void (async () => {',
      ...statements.slice(split).map(text),
      '    })();',
      '  }, []);',
      '  return null;',
      '}',
      '__elements.push(<__Snippet />);',
    );
  }
  out.push(`export const __ownProvider = ${ownProvider};`);
  return out.join('\n');
}

/*
 * Bridgekit's React hooks in a user's Jest + jsdom project, against the reference server:
 * sign in with useAuth().login, then the rows of useBridgeCrud, useBridgeQuery and
 * useBridgeInfiniteQuery appear. Plain CommonJS (no JSX), so nothing here needs a transform.
 */
const { createElement: h } = require('react');
const { fireEvent, render, screen, waitFor } = require('@testing-library/react');
const expectedRows = require('./expectedRows.cjs');

const baseUrl = process.env.BRIDGEKIT_URL;
const limit = 3;
const page = { limit, orderBy: 'name', orderDir: 'asc' };

// The entry under test comes as a prop: the same components for both entries.
function Lists({ bridge }) {
  const products = bridge.useBridgeApi({ endpoint: '/products' });
  const crud = bridge.useBridgeCrud({ endpoint: '/products' }, page);
  const query = bridge.useBridgeQuery(products, 'list', page);
  const infinite = bridge.useBridgeInfiniteQuery(products, page);
  const list = (testId, rows) =>
    h(
      'ul',
      { 'data-testid': testId },
      rows.map((row) => h('li', { key: row.id }, row.name)),
    );
  return h(
    'div',
    null,
    list('crud', crud.data),
    list('query', query.data ?? []),
    list('infinite', infinite.items),
  );
}

function Screen({ bridge }) {
  const { user, login } = bridge.useAuth();
  if (!user) {
    const signIn = () => login({ email: 'admin@example.com', password: 'admin123' });
    return h('button', { type: 'button', onClick: signIn }, 'Sign in');
  }
  return h('div', null, h('p', null, `Signed in as ${user.email}`), h(Lists, { bridge }));
}

const app = (bridge) => h(bridge.BridgeProvider, { config: { baseUrl } }, h(Screen, { bridge }));

const names = (testId) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('li'), (li) => li.textContent);

for (const entry of ['@bridgekit/react', '@bridgekit/react/hooks']) {
  test(`${entry}: sign in, then the lists show the server's rows`, async () => {
    const expected = await expectedRows(baseUrl, limit);
    expect(expected).toHaveLength(limit);
    render(app(require(entry)));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText('Signed in as admin@example.com');
    await waitFor(() => {
      expect(names('crud')).toEqual(expected);
      expect(names('query')).toEqual(expected);
      expect(names('infinite')).toEqual(expected);
    });
  });
}

test('the jsdom environment loads the browser build of @bridgekit/core, as CommonJS', () => {
  expect(require.resolve('@bridgekit/core')).toMatch(/dist[\\/]browser[\\/]index\.cjs$/);
  expect(typeof require('@bridgekit/core').createClient).toBe('function');
});

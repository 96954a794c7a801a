/*
 * What the lists under test must show, asked of the reference server directly (no Bridgekit
 * code): sign in as the demo admin, read the first products by name.
 */
module.exports = async function expectedRows(baseUrl, limit) {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  }).then((response) => response.json());
  const page = await fetch(`${baseUrl}/products?limit=${limit}&orderBy=name&orderDir=asc`, {
    headers: { 'x-session-id': login.data.sessionId },
  }).then((response) => response.json());
  return page.data.map((product) => product.name);
};

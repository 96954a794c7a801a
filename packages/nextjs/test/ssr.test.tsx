import { BridgeProvider, useAuth } from '@bridgekit/nextjs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

function Who() {
  const { isAuthenticated } = useAuth();
  return <p>{isAuthenticated ? 'in' : 'out'}</p>;
}

describe('server rendering of the client entry', () => {
  it('renders a provider with a relative baseUrl where there is no location', () => {
    const html = renderToString(
      <BridgeProvider config={{ baseUrl: '/api' }}>
        <Who />
      </BridgeProvider>,
    );
    expect(html).toBe('<p>out</p>');
  });
});

import { BridgeProvider, useBridgeCrud } from '@bridgekit/react';

interface Product {
  id: string;
  name: string;
}

function Products() {
  const { data, error, isLoading } = useBridgeCrud<Product>(
    { endpoint: '/products' },
    { limit: 20 },
  );
  if (isLoading) return <p>Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <ul>
      {data.map((product) => (
        <li key={product.id}>{product.name}</li>
      ))}
    </ul>
  );
}

export default function App() {
  return (
    <BridgeProvider config={{ baseUrl: '/api' }}>
      <h1>Products</h1>
      <Products />
    </BridgeProvider>
  );
}

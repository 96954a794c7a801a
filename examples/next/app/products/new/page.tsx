'use client';
import { BridgeForm } from '@bridgekit/nextjs';
import { useState } from 'react';

interface Product {
  id: string;
  name: string;
  price: number;
}

export default function NewProductPage() {
  const [created, setCreated] = useState<Product | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <h1>New product</h1>
      <BridgeForm
        endpoint="/products"
        method="POST"
        onSuccess={(data: Product) => {
          setError(null);
          setCreated(data);
        }}
        onError={(err: Error) => {
          setCreated(null);
          setError(err.message);
        }}
      >
        <label>
          Name <input name="name" />
        </label>
        <label>
          Price <input name="price" type="number" step="0.01" min="0" />
        </label>
        <label>
          Category <input name="category" defaultValue="misc" />
        </label>
        <label>
          Stock <input name="stock" type="number" step="1" defaultValue="1" />
        </label>
        <label>
          Active <input name="active" type="checkbox" defaultChecked />
        </label>
        <button type="submit">Create</button>
      </BridgeForm>
      {created && (
        <p role="status">
          Created “{created.name}” (id {created.id}).
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </>
  );
}

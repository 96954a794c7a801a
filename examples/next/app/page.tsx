import Link from 'next/link';

export default function Home() {
  return (
    <>
      <h1>Bridgekit with the App Router</h1>
      <ul>
        <li>
          <Link href="/login">Sign in</Link> (admin@example.com / admin123)
        </li>
        <li>
          <Link href="/account">Account</Link>: rendered on the server with the session cookie
        </li>
        <li>
          <Link href="/products">Products</Link>: BridgeTable, first page prefetched on the server
        </li>
        <li>
          <Link href="/products/new">New product</Link>: BridgeForm
        </li>
      </ul>
    </>
  );
}

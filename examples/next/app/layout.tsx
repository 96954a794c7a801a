import Link from 'next/link';
import type { ReactNode } from 'react';
import { Providers } from './providers';
import './styles.css';

export const metadata = { title: 'Bridgekit × Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>
          <header className="top">
            <strong>Bridgekit × Next.js</strong>
            <nav>
              <Link href="/account">Account</Link>
              <Link href="/products">Products</Link>
              <Link href="/products/new">New product</Link>
            </nav>
          </header>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}

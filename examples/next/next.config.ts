import type { NextConfig } from 'next';

// No rewrites here: they are fixed at build time, and the API address (BRIDGEKIT_API_URL) is
// read at request time by proxy.ts, which forwards /api/* to it.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
};

export default nextConfig;

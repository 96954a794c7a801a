/** The products entity; one constant, so `useBridgeApi` gets the same config every render. */
export const productsEntity = { endpoint: '/products' } as const;

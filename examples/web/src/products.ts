import type { EntityConfig } from '@bridgekit/react';

/** The products entity; one constant, so `useBridgeApi` gets the same config every render. */
export const productsEntity: EntityConfig = { endpoint: '/products' };

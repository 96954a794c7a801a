/**
 * Rows per page of the products table. Lives outside the 'use client' module: a server
 * component importing a constant from a client module gets a client reference, not the value.
 */
export const PAGE_SIZE = 10;

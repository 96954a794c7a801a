/**
 * Returns the Metro config with a resolver that sends `swr/<subpath>` (e.g. `swr/infinite`)
 * to the file the `exports` of `swr` name, so the bundle holds one copy of SWR.
 * @example
 * module.exports = withBridgekit(getDefaultConfig(__dirname));
 */
export declare function withBridgekit<T extends object>(config: T): T;

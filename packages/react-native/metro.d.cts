/**
 * Returns the Metro config with a resolver that sends `swr/<subpath>` (e.g. `swr/infinite`)
 * to the file the `exports` of `swr` name, so the bundle holds one copy of SWR. Optional:
 * needed only when the app imports an SWR subpath itself (Bridgekit imports `swr` only).
 * @example
 * module.exports = withBridgekit(getDefaultConfig(__dirname));
 */
export declare function withBridgekit<T extends object>(config: T): T;

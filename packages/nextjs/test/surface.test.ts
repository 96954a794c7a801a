// The public surface of @bridgekit/nextjs and @bridgekit/nextjs/server. Every exported name is
// a promise to users: a change here is a change of the public API, to be read in review, and
// every name must be documented in the README or a page of the documentation site.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, sitePages, surface, undocumented } from '../../../test-utils/publicSurface';

const file = (path: string) => resolve(import.meta.dirname, '..', path);
const TSCONFIG = file('tsconfig.json');
const README = file('README.md');

describe('@bridgekit/nextjs exports', () => {
  const names = exportedNames(file('src/index.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/nextjs'))).toEqual({
      values: [
        'BridgeForm',
        'BridgeHydrate',
        'BridgeProvider',
        'BridgeTable',
        'BridgeView',
        'DEFAULT_SESSION_COOKIE_NAME',
        'OfflineIndicator',
        'parseCookieHeader',
        'readCookie',
        'removeSessionCookie',
        'safeNextPath',
        'useAuth',
        'useAuthGuard',
        'useAuthService',
        'useBridgeApi',
        'useBridgeClient',
        'useBridgeCrud',
        'useBridgeMutation',
        'useBridgeQuery',
        'useBridgeTableState',
        'useLiveEvent',
        'useLiveStatus',
        'useOfflineQueue',
        'useOfflineQueueState',
        'usePendingWrites',
        'useSearchQueryBuilder',
        'useSessionCookie',
        'writeSessionCookie',
      ],
      types: [
        'ApiResponse',
        'AuthService',
        'BridgeApiService',
        'BridgeClientInstance',
        'BridgeFormMethod',
        'BridgeFormProps',
        'BridgeFormState',
        'BridgeHydrateProps',
        'BridgeInstanceConfig',
        'BridgeMutationType',
        'BridgeProviderProps',
        'BridgeQueryConfig',
        'BridgeSort',
        'BridgeTableClassNames',
        'BridgeTableProps',
        'BridgeViewProps',
        'Client',
        'ClientConfig',
        'ColumnDef',
        'ConflictChoice',
        'EntityConfig',
        'FilterOperator',
        'FilterOperatorName',
        'GetQueryParams',
        'LiveEvent',
        'LiveModule',
        'LiveNewRowsState',
        'LiveState',
        'LoginCredentials',
        'MutationData',
        'MutationOptions',
        'MutationResult',
        'MutationVariables',
        'OfflineIndicatorProps',
        'OfflineQueueState',
        'OfflineStatus',
        'PaginatedResponse',
        'PaginationMeta',
        'PendingChange',
        'PendingList',
        'PendingWrites',
        'QueryParams',
        'QueuedConflict',
        'QueuedError',
        'QueuedWrite',
        'RedirectReason',
        'Register',
        'RegisteredData',
        'RegisteredEndpoint',
        'RegisteredItem',
        'RegisteredPaths',
        'SearchParams',
        'SearchQuery',
        'SearchQueryBuilder',
        'SessionCookieOptions',
        'SessionValidationResult',
        'StorageAdapter',
        'UseAuthAccountActions',
        'UseAuthGuardOptions',
        'UseAuthGuardResult',
        'UseAuthResult',
        'UseAuthSpecResult',
        'UseBridgeCrudResult',
        'UseBridgeGetResult',
        'UseBridgeListResult',
        'UseBridgeMutationResult',
        'UseBridgeTableStateOptions',
        'UseBridgeTableStateResult',
        'UseLiveStatusResult',
        'UseOfflineQueueResult',
        'User',
      ],
    });
  });

  it('every name is documented in the README or the site', () => {
    expect(undocumented(names, [README, ...sitePages()])).toEqual([]);
  });
});

describe('@bridgekit/nextjs/server exports', () => {
  const names = exportedNames(file('src/server/index.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/nextjs/server'))).toEqual({
      values: [
        'DEFAULT_SESSION_COOKIE_NAME',
        'bridgeQueryKey',
        'buildLoginRedirect',
        'createAuthMiddleware',
        'createServerClient',
        'getServerSession',
        'matchesPath',
        'parseCookieHeader',
        'prefetchList',
        'readCookie',
        'readSessionCookie',
        'resolveSessionCookieOptions',
        'safeNextPath',
        'serializeCookie',
      ],
      types: [
        'AuthMiddleware',
        'AuthMiddlewareOptions',
        'BridgeFallback',
        'BridgeQueryKey',
        'BridgeQueryType',
        'CookieSource',
        'PathPattern',
        'PrefetchListOptions',
        'ServerClientConfig',
        'ServerSessionOptions',
        'SessionCookieOptions',
      ],
    });
  });

  it('every name is documented in the README or the site', () => {
    expect(undocumented(names, [README, ...sitePages()])).toEqual([]);
  });
});

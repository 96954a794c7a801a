// The public surface of @bridgekit/core and its subpath entries (dialects, auth). Every exported
// name is a promise to users: a change here is a change of the public API, to be read in review, and
// every name must be documented in the README.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, surface, undocumented } from '../../../test-utils/publicSurface';

const file = (path: string) => resolve(import.meta.dirname, '..', path);
const TSCONFIG = file('tsconfig.json');
const README = file('README.md');

const ENTRIES: Array<
  [entry: string, source: string, load: () => Promise<object>, expected: () => object]
> = [
  ['@bridgekit/core', 'src/index.ts', () => import('@bridgekit/core'), () => CORE],
  [
    '@bridgekit/core/dialects',
    'src/dialects/index.ts',
    () => import('@bridgekit/core/dialects'),
    () => DIALECTS,
  ],
  [
    '@bridgekit/core/auth',
    'src/services/authLifecycle.ts',
    () => import('@bridgekit/core/auth'),
    () => AUTH,
  ],
];

describe.each(ENTRIES)('%s exports', (_entry, source, load, expected) => {
  const names = exportedNames(file(source), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, (await load()) as Record<string, unknown>)).toEqual(expected());
  });

  it('every name is documented in the README', () => {
    expect(undocumented(names, README)).toEqual([]);
  });
});

const AUTH = {
  values: ['DEFAULT_ACCOUNT_PATHS', 'authLifecycle', 'createAuthLifecycle', 'sessionRefresh'],
  types: [
    'AccountPaths',
    'AuthLifecycle',
    'AuthLifecycleModule',
    'AuthLifecycleOptions',
    'RegisterData',
    'TwoFactorSetup',
  ],
};

const CORE = {
  values: [
    'BridgeApiError',
    'Client',
    'DEFAULT_AUTH_PATHS',
    'LocalStorageAdapter',
    'MemoryStorage',
    'OPERATOR_NAMES',
    'OPERATOR_NAME_PATTERN',
    'QueryBuilder',
    'SESSION_STORAGE_KEYS',
    'between',
    'bracketSerializer',
    'bridgeQueryKey',
    'createAuthService',
    'createBridgeApiService',
    'createClient',
    'createMutationStore',
    'encodeQueryComponent',
    'endsWith',
    'eq',
    'getDefaultStorage',
    'gt',
    'gte',
    'ilike',
    'inOp',
    'isBridgeApiError',
    'isFilterOperator',
    'isNotNull',
    'isNull',
    'like',
    'lt',
    'lte',
    'ne',
    'notBetween',
    'notIn',
    'startsWith',
  ],
  types: [
    'AccountFlow',
    'ApiFailure',
    'ApiResponse',
    'ApiResponseBase',
    'ApiSuccess',
    'AuthPaths',
    'AuthService',
    'AuthServiceOptions',
    'AuthState',
    'BridgeApiService',
    'BridgeQueryKey',
    'BridgeQueryType',
    'BridgeRequest',
    'ClientConfig',
    'ClientErrorCode',
    'ClientFor',
    'Dialect',
    'DialectAuth',
    'DialectErrorContext',
    'DialectErrorFields',
    'DialectList',
    'DialectOperations',
    'DialectQuery',
    'DialectRecords',
    'DialectSession',
    'Endpoint',
    'EntityConfig',
    'EntityOperation',
    'EnvelopeData',
    'FieldName',
    'FilterOperator',
    'FilterOperatorName',
    'HttpMethod',
    'ListItemAt',
    'ListRequest',
    'LoginCredentials',
    'LoginResult',
    'Middleware',
    'MiddlewareCall',
    'MutationCallbacks',
    'MutationRunResult',
    'MutationState',
    'MutationStore',
    'MutationStoreOptions',
    'Next',
    'OperationAt',
    'OperationRequest',
    'OperatorName',
    'PaginatedResponse',
    'PaginationMeta',
    'PathMethod',
    'QueryEntry',
    'QueryExecutor',
    'QueryParams',
    'QuerySerializer',
    'RangeBound',
    'RequestConfig',
    'RequestInterceptor',
    'RequestOptions',
    'ResponseData',
    'ResponseInterceptor',
    'ResponseMeta',
    'SearchFilter',
    'SearchParams',
    'SessionRejectedListener',
    'SessionValidationResult',
    'SortDirection',
    'StorageAdapter',
    'TwoFactorRequired',
    'TypedClient',
    'TypedEntityConfig',
    'TypedQueryBuilder',
    'UntypedClient',
    'User',
    'WebStorageLike',
    'WhereOperator',
  ],
};

const DIALECTS = {
  values: [
    'contentRangeHeader',
    'dialectQuery',
    'djangoRest',
    'encodeQueryComponent',
    'encodeValue',
    'entryLabel',
    'feathers',
    'jsonServer',
    'laravel',
    'linkHeader',
    'listPage',
    'pair',
    'parseListResponse',
    'postgrest',
    'readLogin',
    'readUser',
    'restPath',
    'strapi',
    'totalCountHeader',
    'unsupported',
  ],
  types: [
    'AccountFlow',
    'ContentRange',
    'Dialect',
    'DialectAuth',
    'DialectErrorContext',
    'DialectErrorFields',
    'DialectList',
    'DialectOperations',
    'DialectQuery',
    'DialectQuerySpec',
    'DialectRecords',
    'DialectSession',
    'DjangoRestOptions',
    'FeathersOptions',
    'JsonServerOptions',
    'LaravelFilter',
    'LaravelOptions',
    'ListFacts',
    'ListRequest',
    'OperationRequest',
    'PostgrestOptions',
    'StrapiOptions',
  ],
};

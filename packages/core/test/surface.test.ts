// The public surface of @bridgekit/core, @bridgekit/core/dialects and @bridgekit/core/auth. Every exported name is a
// promise to users: a change here is a change of the public API, to be read in review, and
// every name must be documented in the README.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, surface, undocumented } from '../../../test-utils/publicSurface';

const file = (path: string) => resolve(import.meta.dirname, '..', path);
const TSCONFIG = file('tsconfig.json');
const README = file('README.md');

describe('@bridgekit/core exports', () => {
  const names = exportedNames(file('src/index.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/core'))).toEqual(CORE);
  });

  it('every name is documented in the README', () => {
    expect(undocumented(names, README)).toEqual([]);
  });
});

describe('@bridgekit/core/dialects exports', () => {
  const names = exportedNames(file('src/dialects/index.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/core/dialects'))).toEqual(DIALECTS);
  });

  it('every name is documented in the README', () => {
    expect(undocumented(names, README)).toEqual([]);
  });
});

describe('@bridgekit/core/auth exports', () => {
  const names = exportedNames(file('src/services/authLifecycle.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/core/auth'))).toEqual({
      values: ['DEFAULT_ACCOUNT_PATHS', 'createAuthLifecycle'],
      types: ['AccountPaths', 'AuthLifecycle', 'AuthLifecycleOptions', 'RegisterData'],
    });
  });

  it('every name is documented in the README', () => {
    expect(undocumented(names, README)).toEqual([]);
  });
});

describe('@bridgekit/core/auth exports', () => {
  const names = exportedNames(file('src/services/authLifecycle.ts'), TSCONFIG);

  it('exactly the documented list', async () => {
    expect(surface(names, await import('@bridgekit/core/auth'))).toEqual({
      values: ['DEFAULT_ACCOUNT_PATHS', 'createAuthLifecycle'],
      types: ['AccountPaths', 'AuthLifecycle', 'AuthLifecycleOptions', 'RegisterData'],
    });
  });

  it('every name is documented in the README', () => {
    expect(undocumented(names, README)).toEqual([]);
  });
});

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
    'ClientConfig',
    'ClientErrorCode',
    'Dialect',
    'DialectAuth',
    'DialectErrorContext',
    'DialectErrorFields',
    'DialectList',
    'DialectQuery',
    'DialectRecords',
    'DialectSession',
    'EntityConfig',
    'EntityOperation',
    'FilterOperator',
    'FilterOperatorName',
    'HttpMethod',
    'ListRequest',
    'LoginCredentials',
    'LoginResult',
    'OperatorName',
    'PaginatedResponse',
    'PaginationMeta',
    'QueryEntry',
    'QueryExecutor',
    'QueryParams',
    'QuerySerializer',
    'RangeBound',
    'RequestConfig',
    'RequestInterceptor',
    'RequestOptions',
    'ResponseInterceptor',
    'ResponseMeta',
    'SearchFilter',
    'SearchParams',
    'SessionRejectedListener',
    'SessionValidationResult',
    'SortDirection',
    'StorageAdapter',
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
    'ContentRange',
    'Dialect',
    'DialectAuth',
    'DialectErrorContext',
    'DialectErrorFields',
    'DialectList',
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
    'PostgrestOptions',
    'StrapiOptions',
  ],
};

/**
 * Checks of what the caller hands the client: the config (throws at construction), the
 * per-request options and what a request interceptor returns (both resolve as CLIENT_ERROR,
 * because they are checked inside the pipeline).
 */
import { isRecord as isObject, MAX_TIMER_MS, mustBe, rejectUnknownKeys } from '../checks';
import { headerProblem, headersProblem } from './headers';
import type { ClientConfig } from '../contract/clientConfig';
import type { RequestConfig, RequestOptions } from '../contract/http';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

type Check = (name: string, value: unknown) => void;

const number =
  (max: number, integer?: boolean): Check =>
  (name, value) => {
    if (typeof value !== 'number') throw mustBe(name, 'a number', value);
    if (!(value >= 0 && value <= max) || (integer && !Number.isInteger(value))) {
      throw mustBe(
        name,
        `${integer ? 'an integer' : 'a finite number'} from 0 to ${max}`,
        value,
        RangeError,
      );
    }
  };

/** Throws a `TypeError` naming `name` unless `value` is a function. */
export const checkFunction: Check = (name, value) => {
  if (typeof value !== 'function') throw mustBe(name, 'a function', value);
};

/** Throws a `TypeError` naming `name` unless `value` is a boolean. */
export const checkBoolean: Check = (name, value) => {
  if (typeof value !== 'boolean') throw mustBe(name, 'a boolean', value);
};

const headers: Check = (name, value) => {
  if (!isObject(value)) throw mustBe(name, 'an object of header names to string values', value);
  const problem = headersProblem(value as Record<string, string>);
  if (problem !== undefined) throw new TypeError(`${name}: ${problem}`);
};

const withMethods =
  (expected: string, ...methods: string[]): Check =>
  (name, value) => {
    if (!isObject(value) || methods.some((m) => typeof value[m] !== 'function')) {
      throw mustBe(name, expected, value);
    }
  };

const timeout = number(MAX_TIMER_MS);

const string: Check = (name, value) => {
  if (typeof value !== 'string') throw mustBe(name, 'a string', value);
};

// It goes into a header: no control character (CR/LF would start a new header line).
const sessionId: Check = (name, value) => {
  if (typeof value !== 'string' || value === '' || headerProblem('s', value) !== undefined) {
    throw mustBe(name, 'a non-empty string of Latin-1 text without control characters', value);
  }
};

/**
 * `sessionId` when it can be a session (`setSessionId`'s check, in `config.sessionId`'s words).
 *
 * @throws TypeError when it is not a non-empty string, or not fit for a header
 * @example
 * session.set(checkSessionId(id));
 */
export function checkSessionId(value: unknown): string {
  sessionId('sessionId', value);
  return value as string;
}

/** Throws a `TypeError` naming `name` unless `value` is a `StorageAdapter`. */
export const checkStorage: Check = withMethods(
  'an object with getItem, setItem and removeItem',
  'getItem',
  'setItem',
  'removeItem',
);

// One rule per option: the list of known keys and their checks are the same table.
const CONFIG: Record<string, Check> = {
  dialect: (name, value) => {
    if (!isObject(value) || typeof value.name !== 'string') {
      throw mustBe(name, 'a dialect object with a name', value);
    }
    // Parts the client used to read, now its transport's: they would be silently ignored.
    for (const part of ['session', 'errors']) {
      if (value[part] !== undefined) {
        throw mustBe(
          `${name}.${part}`,
          `handled by transport: dialectTransport({ ${part} })`,
          value[part],
        );
      }
    }
    // `envelope: false` stays (the types read it) but needs a transport to do it.
    if (value.envelope === false && !value.transport) {
      throw mustBe(
        `${name}.envelope`,
        'handled by transport: dialectTransport({ envelope })',
        value.envelope,
      );
    }
    if (value.transport !== undefined) checkFunction(`${name}.transport`, value.transport);
  },
  sessionId,
  getSessionId: checkFunction,
  session: withMethods('a session module (see cookieSession)', 'resolve', 'set', 'clear'),
  includeSession: checkBoolean,
  sessionHeader: (name, value) => {
    if (typeof value !== 'string' || headerProblem(value, '') !== undefined) {
      throw mustBe(name, 'a valid header name', value);
    }
  },
  storage: checkStorage,
  storageKeyPrefix: string,
  sessionKeys: (name, value) => {
    if (!Array.isArray(value) || value.some((key) => typeof key !== 'string' || key === '')) {
      throw mustBe(name, 'an array of non-empty strings', value);
    }
  },
  headers,
  retryAttempts: number(100, true),
  retryDelay: number(10_000),
  timeout,
  onRequest: checkFunction,
  onResponse: checkFunction,
  onError: checkFunction,
  fetch: checkFunction,
  paramsSerializer: checkFunction,
};

const CONFIG_KEYS = Object.keys(CONFIG);

const OPTIONS: Record<string, Check> = {
  params: (name, value) => {
    if (typeof value !== 'object' || value === null) throw mustBe(name, 'an object', value);
  },
  headers,
  timeout,
  includeSession: checkBoolean,
  secret: checkBoolean,
  pinSession: checkBoolean,
  signal: withMethods('an AbortSignal', 'addEventListener'),
  query: string,
  paramsSerializer: checkFunction,
  responseType: (name, value) => {
    if (value !== 'stream') throw mustBe(name, "'stream'", value);
  },
};

/**
 * Checks a `ClientConfig`: every value's type and range, and no unknown key (a typo or an
 * option of another library would otherwise be silently ignored).
 * @throws TypeError / RangeError naming the option
 */
export function checkConfig(config: ClientConfig): void {
  rejectUnknownKeys(config, CONFIG_KEYS, {
    where: 'config',
    factory: 'createClient',
    see: 'see ClientConfig',
  });
  for (const key of Object.keys(config)) {
    const value = (config as Record<string, unknown>)[key];
    if (value !== undefined) CONFIG[key]!(`config.${key}`, value);
  }
  // A session module replaces the chain these two feed: they would be silently ignored.
  for (const key of ['sessionId', 'getSessionId'] as const) {
    if (config.session !== undefined && config[key] !== undefined) {
      throw new TypeError(`config.${key} cannot be combined with config.session`);
    }
  }
}

/** Checks one request's options; the pipeline turns a throw into `CLIENT_ERROR`. */
export function checkOptions(options: RequestOptions): void {
  if (!isObject(options)) throw mustBe('options', 'an object', options);
  for (const key of Object.keys(OPTIONS)) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined) OPTIONS[key]!(`options.${key}`, value);
  }
}

/** Checks what a request interceptor returned. */
export function checkRequestConfig(value: unknown): RequestConfig {
  const c = value as RequestConfig;
  if (!isObject(c) || typeof c.url !== 'string' || !isObject(c.headers)) {
    throw mustBe('A request interceptor result', 'a RequestConfig (or nothing)', value);
  }
  if (!METHODS.includes(c.method)) throw new TypeError(`Unsupported method: ${String(c.method)}`);
  if (c.timeout !== undefined) timeout('RequestConfig.timeout', c.timeout);
  return c;
}

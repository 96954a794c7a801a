/**
 * Checks of what the caller hands the client: the config (throws at construction), the
 * per-request options and what a request interceptor returns (both resolve as CLIENT_ERROR,
 * because they are checked inside the pipeline).
 */
import { mustBe } from './argumentError';
import { headerProblem, headersProblem } from './headers';
import type { ClientConfig, RequestConfig, RequestOptions } from './types';

// setTimeout fires at once for larger delays, so a larger time-out would silently be none.
export const MAX_TIMER_MS = 2_147_483_647;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const CONFIG_KEYS = new Set([
  'dialect',
  'sessionId',
  'getSessionId',
  'includeSession',
  'sessionHeader',
  'storage',
  'sessionKeys',
  'headers',
  'retryAttempts',
  'retryDelay',
  'timeout',
  'onRequest',
  'onResponse',
  'onError',
  'fetch',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkNumber(name: string, value: unknown, max: number, integer = false): void {
  if (typeof value !== 'number') throw mustBe(name, 'a number', value);
  if (
    !Number.isFinite(value) ||
    value < 0 ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw mustBe(
      name,
      `${integer ? 'an integer' : 'a finite number'} from 0 to ${max}`,
      value,
      RangeError,
    );
  }
}

/** Throws a `TypeError` naming `name` unless `value` is a function (or absent and optional). */
export function checkFunction(name: string, value: unknown, required = false): void {
  if ((required || value !== undefined) && typeof value !== 'function') {
    throw mustBe(name, 'a function', value);
  }
}

function checkHeaderMap(name: string, value: unknown): void {
  if (!isObject(value)) throw mustBe(name, 'an object of header names to string values', value);
  const problem = headersProblem(value as Record<string, string>);
  if (problem !== undefined) throw new TypeError(`${name}: ${problem}`);
}

function checkString(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'string' || value === '')) {
    throw mustBe(name, 'a non-empty string', value);
  }
}

/**
 * Checks a `ClientConfig`: every value's type and range, and no unknown key (a typo or an
 * option of another library would otherwise be silently ignored).
 * @throws TypeError / RangeError naming the option
 */
export function checkConfig(config: ClientConfig): void {
  if (!isObject(config)) throw mustBe('config', 'an object', config);
  for (const key of Object.keys(config)) {
    if (!CONFIG_KEYS.has(key)) {
      throw new TypeError(
        `config.${key} is not an option of createClient (known: ${[...CONFIG_KEYS].join(', ')})`,
      );
    }
  }
  checkString('config.sessionId', config.sessionId);
  if (config.sessionId !== undefined && headerProblem('s', config.sessionId) !== undefined) {
    throw mustBe(
      'config.sessionId',
      'free of control characters (CR, LF, NUL…) and within Latin-1',
      config.sessionId,
    );
  }
  if (config.includeSession !== undefined && typeof config.includeSession !== 'boolean') {
    throw mustBe('config.includeSession', 'a boolean', config.includeSession);
  }
  if (
    config.sessionHeader !== undefined &&
    (typeof config.sessionHeader !== 'string' ||
      headerProblem(config.sessionHeader, '') !== undefined)
  ) {
    throw mustBe('config.sessionHeader', 'a valid header name', config.sessionHeader);
  }
  if (
    config.sessionKeys !== undefined &&
    (!Array.isArray(config.sessionKeys) ||
      config.sessionKeys.some((key) => typeof key !== 'string' || key === ''))
  ) {
    throw mustBe('config.sessionKeys', 'an array of non-empty strings', config.sessionKeys);
  }
  const storage = config.storage as Record<string, unknown> | undefined;
  if (
    storage !== undefined &&
    !(
      isObject(storage) &&
      typeof storage.getItem === 'function' &&
      typeof storage.setItem === 'function' &&
      typeof storage.removeItem === 'function'
    )
  ) {
    throw mustBe('config.storage', 'an object with getItem, setItem and removeItem', storage);
  }
  if (config.headers !== undefined) checkHeaderMap('config.headers', config.headers);
  if (config.retryAttempts !== undefined) {
    checkNumber('config.retryAttempts', config.retryAttempts, 100, true);
  }
  if (config.retryDelay !== undefined) checkNumber('config.retryDelay', config.retryDelay, 10_000);
  if (config.timeout !== undefined) checkNumber('config.timeout', config.timeout, MAX_TIMER_MS);
  if (
    config.dialect !== undefined &&
    (!isObject(config.dialect) || typeof config.dialect.name !== 'string')
  ) {
    throw mustBe('config.dialect', 'a dialect object with a name', config.dialect);
  }
  for (const name of ['getSessionId', 'onRequest', 'onResponse', 'onError', 'fetch'] as const) {
    checkFunction(`config.${name}`, config[name]);
  }
}

/** Checks one request's options; the pipeline turns a throw into `CLIENT_ERROR`. */
export function checkOptions(options: RequestOptions): void {
  if (!isObject(options)) throw mustBe('options', 'an object', options);
  if (
    options.params !== undefined &&
    (typeof options.params !== 'object' || options.params === null)
  ) {
    throw mustBe('options.params', 'an object', options.params);
  }
  if (options.headers !== undefined) checkHeaderMap('options.headers', options.headers);
  if (options.timeout !== undefined) checkNumber('options.timeout', options.timeout, MAX_TIMER_MS);
  if (options.includeSession !== undefined && typeof options.includeSession !== 'boolean') {
    throw mustBe('options.includeSession', 'a boolean', options.includeSession);
  }
  const signal = options.signal as unknown as Record<string, unknown> | undefined;
  if (
    signal !== undefined &&
    !(isObject(signal) && typeof signal.addEventListener === 'function')
  ) {
    throw mustBe('options.signal', 'an AbortSignal', signal);
  }
}

/** Checks what a request interceptor returned. */
export function checkRequestConfig(value: unknown): RequestConfig {
  const c = value as RequestConfig;
  if (!isObject(c) || typeof c.url !== 'string' || !isObject(c.headers)) {
    throw mustBe('A request interceptor result', 'a RequestConfig (or nothing)', value);
  }
  if (!METHODS.includes(c.method)) throw new TypeError(`Unsupported method: ${String(c.method)}`);
  if (c.timeout !== undefined) checkNumber('RequestConfig.timeout', c.timeout, MAX_TIMER_MS);
  return c;
}

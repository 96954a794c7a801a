/**
 * The client's middleware, in named lists (docs/guide/requests.md, "Middleware"). A call
 * runs them in the order `runMiddleware` shows:
 *
 *   1. the request side: request interceptors in registration order, then `onRequest`;
 *   2. around the network: the `use()` middlewares in registration order, then the dialect's
 *      transport part (`Dialect.transport`), then `send` (the origin guard, the attempts);
 *   3. the response side: response interceptors in registration order, then `onResponse`,
 *      then the session-rejected listeners.
 *
 * Each list runs once per call; retries happen inside `send`. The steps' throws and bad answers
 * are contained here: a call always resolves an `ApiResponse`.
 */
import type {
  ApiResponse,
  BridgeRequest,
  Middleware,
  RequestConfig,
  RequestInterceptor,
  ResponseInterceptor,
} from '../contract/http';
import { type Call, setRequest } from './call';
import { checkRequestConfig } from './configCheck';
import { clientError, isApiResponse, normalizeMeta } from './response';
import { send } from './send';
import type { ClientSettings } from './settings';

/** Called with the response when a request that carried the session got a 401. */
export type SessionRejectedListener = (response: ApiResponse) => void;

/**
 * The lists of one client. Replaced, never changed, when an entry is added or removed: a call
 * runs the lists it started with.
 */
export interface MiddlewareLists {
  readonly requestInterceptors: readonly RequestInterceptor[];
  readonly onRequest: ((request: RequestConfig) => unknown) | undefined;
  readonly use: readonly Middleware[];
  /** The dialect's transport part: after every `use()` middleware, so they see its answer. */
  readonly dialectTransport: Middleware | undefined;
  readonly responseInterceptors: readonly ResponseInterceptor[];
  readonly onResponse: ((response: ApiResponse, request: RequestConfig) => unknown) | undefined;
  readonly sessionRejected: readonly SessionRejectedListener[];
}

/** The lists a caller adds to (`use`, `addRequestInterceptor`...); the others come from the config. */
export type AddableList =
  | 'requestInterceptors'
  | 'use'
  | 'responseInterceptors'
  | 'sessionRejected';

/**
 * Whether a call has nothing to run but `send`: then the client takes its fast path.
 *
 * @example
 * if (hasNoMiddleware(lists)) return send(call, settings);
 */
export function hasNoMiddleware(lists: MiddlewareLists): boolean {
  return (
    lists.requestInterceptors.length === 0 &&
    lists.onRequest === undefined &&
    lists.use.length === 0 &&
    lists.dialectTransport === undefined &&
    lists.responseInterceptors.length === 0 &&
    lists.onResponse === undefined &&
    lists.sessionRejected.length === 0
  );
}

/**
 * Runs a prepared call through the lists and `send`. Never throws.
 *
 * @example
 * const response = await runMiddleware(call, lists, settings);
 */
export async function runMiddleware(
  call: Call,
  lists: MiddlewareLists,
  settings: ClientSettings,
): Promise<ApiResponse> {
  call.passedMiddleware = true;
  const refused = await runRequestSide(call, lists, settings.report);
  const outcome = refused ?? (await runAroundSend(call, lists, settings));
  return runResponseSide(call, outcome, lists, settings.report);
}

/**
 * The request side: the request interceptors in registration order, then `onRequest`. Resolves
 * `CLIENT_ERROR` when one throws or an interceptor returns something that is no request (nothing
 * is sent then), else `undefined`.
 */
async function runRequestSide(
  call: Call,
  lists: MiddlewareLists,
  report: (error: unknown) => void,
): Promise<ApiResponse | undefined> {
  try {
    for (const interceptor of lists.requestInterceptors) {
      const changed = await interceptor(call.request);
      if (changed !== undefined) setRequest(call, checkRequestConfig(changed) as BridgeRequest);
    }
    if (lists.onRequest !== undefined) await lists.onRequest(call.request);
    return undefined;
  } catch (error) {
    report(error);
    return clientError(error);
  }
}

/**
 * Around the network: the `use()` middlewares, then the dialect's transport part, each calling
 * the next with `next(request)`; the last `next` is `send`. A middleware may change the request,
 * answer without `next`, or call it again (a replay). A throw before any answer resolves
 * `CLIENT_ERROR`; a throw after one keeps that answer.
 */
function runAroundSend(
  call: Call,
  lists: MiddlewareLists,
  settings: ClientSettings,
): Promise<ApiResponse> {
  const chain =
    lists.dialectTransport === undefined ? lists.use : [...lists.use, lists.dialectTransport];
  const pass = (index: number, request: BridgeRequest): Promise<ApiResponse> => {
    setRequest(call, request);
    const middleware = chain[index];
    if (middleware === undefined) return send(call, settings);
    return runOne(middleware, index, request);
  };
  const runOne = async (middleware: Middleware, index: number, request: BridgeRequest) => {
    let answer: ApiResponse | undefined;
    const next = async (changed?: BridgeRequest) => {
      const passed =
        changed === undefined ? request : (checkRequestConfig(changed) as BridgeRequest);
      answer = await pass(index + 1, passed);
      return answer;
    };
    try {
      const out = await middleware(request, next, call);
      if (isApiResponse(out)) return out;
      if (out !== undefined || answer === undefined) {
        settings.report(new TypeError('A middleware must resolve an ApiResponse'));
      }
      return answer ?? clientError('A middleware resolved no ApiResponse');
    } catch (error) {
      settings.report(error);
      return answer ?? clientError(error);
    }
  };
  return pass(0, call.request);
}

/**
 * The response side, on every final outcome (`status: 0` ones and a call whose preparation
 * threw included): the response interceptors in registration order, each given the answer and
 * the request as it was sent, then `onResponse`, then the session-rejected listeners when the
 * answer is a 401 to a request that carried the session. A throwing step (or one answering
 * something that is no `ApiResponse`) is skipped and the answer kept. `meta` is normalized last
 * (a step may set it in any spelling).
 *
 * @example
 * return runResponseSide(call, clientError(error), lists, report);
 */
export async function runResponseSide(
  call: Call,
  outcome: ApiResponse,
  lists: MiddlewareLists,
  report: (error: unknown) => void,
): Promise<ApiResponse> {
  let response = outcome;
  for (const interceptor of lists.responseInterceptors) {
    try {
      const changed = await interceptor(response, call.request);
      if (isApiResponse(changed)) response = changed;
      else if (changed !== undefined) {
        report(new TypeError('A response interceptor must resolve an ApiResponse'));
      }
    } catch (error) {
      report(error);
    }
  }
  if (lists.onResponse !== undefined) {
    try {
      await lists.onResponse(response, call.request);
    } catch (error) {
      report(error);
    }
  }
  if (call.rejected) {
    for (const listener of lists.sessionRejected) {
      try {
        listener(response);
      } catch (error) {
        report(error);
      }
    }
  }
  if (response.meta !== undefined) response.meta = normalizeMeta(response.meta);
  return response;
}

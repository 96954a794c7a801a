/**
 * The client's one ordered middleware list (core README, "Interceptors and callbacks"). Every
 * way to hook a request is an entry of it; the entries sit by stage, outermost first:
 *
 *   session-rejected listeners → `onResponse` → response interceptors → request interceptors
 *   → `onRequest` → `use()` middlewares → the dialect's transport part (`Dialect.transport`)
 *   → the transport (origin guard, retries, time-out)
 *
 * so a call runs request interceptors in registration order, `onRequest`, the `use()`
 * middlewares, sends, then response interceptors in registration order, `onResponse`, and
 * the session-rejected listeners. A step runs once per call; retries are inside `next`.
 */
import { checkRequestConfig } from './configCheck';
import { isRecord, toError } from '../checks';
import { failure, normalizeMeta } from './response';
import type {
  ApiResponse,
  BridgeRequest,
  Middleware,
  MiddlewareCall,
  RequestInterceptor,
  ResponseInterceptor,
} from '../contract/http';

/**
 * Stages, outermost first. An enum, not constants: a bundler writes its members in as numbers.
 *
 * @example
 * pipeline.add(Stage.USE, (request, next) => next(request));
 */
export enum Stage {
  REJECTED,
  ON_RESPONSE,
  RESPONSE,
  REQUEST,
  ON_REQUEST,
  USE,
  /** The dialect's transport part: innermost, so every other step sees its mapped answer. */
  TRANSPORT,
}

/** The per-call state the transport writes and the steps read. */
export interface CallState extends MiddlewareCall {
  request: BridgeRequest;
  sessionSent: boolean;
  session: string | null;
  replayable: boolean;
  /** Sticky: once a step marked the request secret, the call is. */
  secret: boolean;
  /** How many times the transport was reached (a replay is the second). */
  sends: number;
  /** The last answer was a 401 to a request that carried the session. */
  rejected: boolean;
}

/**
 * The state of a new call.
 *
 * @example
 * const call = startCall(prepared.config, prepared);
 */
export function startCall(
  request: BridgeRequest,
  session?: Pick<MiddlewareCall, 'sessionHeader' | 'ownHeaders'>,
): CallState {
  return {
    request,
    sessionHeader: session?.sessionHeader,
    ownHeaders: session?.ownHeaders,
    sessionSent: false,
    session: null,
    replayable: true,
    secret: request.secret === true,
    sends: 0,
    rejected: false,
  };
}

/**
 * The answer of a pipeline run, its `meta` normalized (a step may set it in any spelling).
 *
 * @example
 * return normalized(pipeline.run(call, send));
 */
export async function normalized(answer: Promise<ApiResponse>): Promise<ApiResponse<any>> {
  const response = await answer;
  if (response.meta !== undefined) response.meta = normalizeMeta(response.meta);
  return response;
}

/** The innermost step: sends the request. Never throws. */
export type Terminal = (request: BridgeRequest, call: CallState) => Promise<ApiResponse>;

interface Entry {
  readonly stage: number;
  readonly fn: Middleware;
}

/**
 * Whether a value has the shape of an `ApiResponse`.
 *
 * @example
 * isApiResponse({ success: true, status: 200 }) // true
 */
export function isApiResponse(value: unknown): value is ApiResponse {
  return isRecord(value) && typeof value.status === 'number' && typeof value.success === 'boolean';
}

/** The `CLIENT_ERROR` answer of a step that threw before anything answered. */
export function clientError(error: unknown): ApiResponse {
  return failure('CLIENT_ERROR', toError(error).message);
}

/**
 * `onError` made safe: it gets an `Error` and can throw nothing back.
 *
 * @example
 * const report = reporter(config.onError);
 * report('boom'); // onError(new Error('boom'))
 */
export function reporter(onError: ((error: Error) => void) | undefined): (error: unknown) => void {
  return (error) => {
    if (onError === undefined) return;
    try {
      const result = onError(toError(error)) as unknown;
      if (result instanceof Promise) result.catch(() => {});
    } catch {
      // onError is the last line: nothing left to tell.
    }
  };
}

/** The middleware list of one client. */
export interface Pipeline {
  /** Adds a step to its stage (response interceptors go outward, the rest inward). */
  add(stage: number, fn: Middleware): () => void;
  /** Whether nothing is registered (the fast path). */
  empty(): boolean;
  /**
   * Runs the steps up to `lastStage` around `terminal`. The steps' throws and bad answers
   * are contained here: the call always resolves an `ApiResponse`.
   */
  run(call: CallState, terminal: Terminal, lastStage?: number): Promise<ApiResponse>;
}

/**
 * Creates a client's pipeline. `report` is `onError`, made safe.
 *
 * @example
 * const pipeline = createPipeline(report);
 * const remove = pipeline.add(USE, (request, next) => next(request));
 */
export function createPipeline(report: (error: unknown) => void): Pipeline {
  // Replaced on change (never mutated), so a running call iterates a stable list.
  let entries: readonly Entry[] = [];
  return {
    add(stage, fn) {
      const entry: Entry = { stage, fn };
      // Response interceptors run inner-first on the way back: the first registered is the
      // innermost of its stage. Every other stage keeps registration order outermost first.
      const at =
        stage === Stage.RESPONSE
          ? entries.findIndex((e) => e.stage >= stage)
          : entries.findIndex((e) => e.stage > stage);
      entries =
        at === -1 ? [...entries, entry] : [...entries.slice(0, at), entry, ...entries.slice(at)];
      return () => {
        entries = entries.filter((e) => e !== entry);
      };
    },
    empty: () => entries.length === 0,
    run(call, terminal, lastStage = Stage.TRANSPORT) {
      const list = entries;
      const dispatch = (i: number, request: BridgeRequest): Promise<ApiResponse> => {
        call.request = request;
        if (request.secret === true) call.secret = true;
        const entry = list[i];
        if (entry === undefined || entry.stage > lastStage) return terminal(request, call);
        return step(entry.fn, i, request);
      };
      const step = async (fn: Middleware, i: number, request: BridgeRequest) => {
        let answer: ApiResponse | undefined;
        const next = async (changed?: BridgeRequest) => {
          const to =
            changed === undefined ? request : (checkRequestConfig(changed) as BridgeRequest);
          answer = await dispatch(i + 1, to);
          return answer;
        };
        try {
          const out = await fn(request, next, call);
          if (isApiResponse(out)) return out;
          if (out !== undefined || answer === undefined) {
            report(new TypeError('A middleware must resolve an ApiResponse'));
          }
          return answer ?? clientError('A middleware resolved no ApiResponse');
        } catch (error) {
          report(error);
          return answer ?? clientError(error);
        }
      };
      return dispatch(0, call.request);
    },
  };
}

/** A request interceptor as a step: the request it returns goes on (nothing: unchanged). */
export const requestStep =
  (fn: RequestInterceptor): Middleware =>
  async (request, next) => {
    const out = await fn(request);
    return next(out === undefined ? request : (checkRequestConfig(out) as BridgeRequest));
  };

/** A response interceptor as a step: sees the answer and the request as it was sent. */
export const responseStep =
  (fn: ResponseInterceptor): Middleware =>
  async (request, next, call) => {
    const response = await next(request);
    const out = await fn(response, call.request);
    return out === undefined ? response : out;
  };

/** `onRequest` as a step: told, then the request goes on unchanged. */
export const onRequestStep =
  (fn: (request: BridgeRequest) => unknown): Middleware =>
  async (request, next) => {
    await fn(request);
    return next(request);
  };

/** `onResponse` as a step: told the final answer and its request; the answer is kept. */
export const onResponseStep =
  (fn: (response: ApiResponse, request: BridgeRequest) => unknown): Middleware =>
  async (request, next, call) => {
    const response = await next(request);
    await fn(response, call.request);
    return response;
  };

/** A session-rejected listener as a step: told of a 401 to a request that carried the session. */
export const rejectedStep =
  (fn: (response: ApiResponse) => void): Middleware =>
  async (request, next, call) => {
    const response = await next(request);
    if (call.rejected) fn(response);
    return response;
  };

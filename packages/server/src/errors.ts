import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, HttpError } from './HttpError';
import { SECURITY_HEADERS } from './plugins/securityHeaders';

/** Fastify's and the plugins' errors as the envelope's `HttpError`: 4xx kept, the rest 500. */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown })?.statusCode;
  if ((error as { code?: unknown })?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new HttpError(415, `${(error as Error).message}: send application/json`);
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, (error as Error).message || 'Bad request');
  }
  return new HttpError(500, 'Internal server error');
}

/**
 * Fastify's `frameworkErrors` option: a malformed percent-encoding in the path is the
 * client's mistake, answered with the usual envelope.
 *
 * @example
 * Fastify({ frameworkErrors });
 */
export function frameworkErrors(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  // Runs before any hook (onSend included), so the security headers are set here.
  reply
    .headers(SECURITY_HEADERS)
    .code(400)
    .send(errorBody(new HttpError(400, error.message || 'Bad request')));
}

/**
 * Fastify's `clientErrorHandler` option: a request Node cannot even parse gets the envelope
 * as JSON with the security headers, then the connection closes (Fastify's default sends
 * another JSON shape without them).
 *
 * @example
 * Fastify({ clientErrorHandler });
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const reason = {
    400: 'Bad Request',
    408: 'Request Timeout',
    431: 'Request Header Fields Too Large',
  }[status];
  const body = JSON.stringify(errorBody(new HttpError(status, reason)));
  const headers = Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n${headers.join('')}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Every failure becomes `{ success: false, error, code, errors?, data? }` as JSON: thrown
 * `HttpError`s with their status, Fastify's 4xx errors kept, anything else a logged 500, and
 * unknown routes a 404. Input echoed in a message is only ever inside JSON.
 *
 * @example
 * app.register(errorsPlugin);
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const err = toHttpError(error);
      if (err.status >= 500) request.log.error(error);
      if (err.extras?.headers) reply.headers(err.extras.headers);
      reply.code(err.status).send(errorBody(err));
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      reply
        .code(404)
        .send(errorBody(new HttpError(404, `Route ${request.method} ${path} not found`)));
    });
  },
  { name: 'bridgekit-errors' },
);

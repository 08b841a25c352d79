import type { Socket } from 'node:net';
import { MessageKeys as M } from '@kantora/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.ts';

/**
 * Answers for what the router refuses before any hook or handler runs (Fastify's `frameworkErrors`):
 * a path with invalid percent-encoding, a path parameter over `maxParamLength` (100) characters. Both
 * leave as the envelope, never in Fastify's own JSON.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.debug({ code: error.code, url: request.raw.url }, 'refused by the router');
  const key = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? M.invalid_value : M.malformed_request;
  return reply.status(400).send(failure(key));
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (`clientErrorHandler`): a request line
 * or headers over the size limit answer 431, a client too slow to send its request 408, anything else
 * the parser cannot read 400; each as the envelope on the raw socket, then the socket is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, M.request_too_large]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, M.request_timeout]
        : [400, M.malformed_request];
  const body = JSON.stringify(failure(key));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

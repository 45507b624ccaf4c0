import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServicePayError, type ErrorCode, type FailureBody } from '../../../shared/errors.js';
import { fromValidation, type AjvError } from './validation-errors.js';

/** The one place where an error code becomes an HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ORIGIN_NOT_ALLOWED: 403,
  APPROVAL_REQUIRED: 403,
  ID_NOT_VERIFIED: 403,
  PURCHASE_LIMIT: 409,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  NOTHING_AVAILABLE: 409,
  DRAWER_CLOSED: 409,
  ILLEGAL_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HOST_NOT_ALLOWED: 421,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

type Mapping = readonly [ErrorCode, string];

/** Fastify's errors that a request can cause, in words a caller can act on. */
const FASTIFY_ERRORS: Record<string, Mapping> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'the request body is larger than this service accepts'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'the Content-Type of the request is not accepted here'],
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'the request has no Content-Type header; name its media type',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'INVALID_INPUT',
    'the request body is not as long as its Content-Length header says',
  ],
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_INPUT', 'the request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    'INVALID_INPUT',
    'the request body is empty, but its Content-Type says JSON; send a JSON object',
  ],
  FST_ERR_ROUTE_MISSING_CONTENT: ['INVALID_INPUT', 'the request needs a body'],
  FST_ERR_BAD_URL: ['INVALID_INPUT', 'the URL path is not valid: a %-escape in it does not decode to text'],
  FST_ERR_INVALID_URL: ['INVALID_INPUT', 'the URL is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: [
    'URI_TOO_LONG',
    'a part of the URL path is longer than 100 characters; no name or id here is that long',
  ],
  FST_ERR_NOT_FOUND: ['NOT_FOUND', 'nothing is found at this URL'],
  FST_ERR_HANDLER_TIMEOUT: ['UNAVAILABLE', 'the service took too long to answer; try again'],
};

/** Another library's 4xx (a static file's Range, a stream cut short): its status, in the model. */
const BY_STATUS: Record<number, Mapping> = {
  403: ['FORBIDDEN', 'this is not served here'],
  404: ['NOT_FOUND', 'nothing is found at this URL'],
  408: ['REQUEST_TIMEOUT', 'the request did not arrive in time; send it again'],
  413: ['PAYLOAD_TOO_LARGE', 'the request body is larger than this service accepts'],
  414: ['URI_TOO_LONG', 'the URL is longer than this service accepts'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'the Content-Type of the request is not accepted here'],
  431: ['HEADERS_TOO_LARGE', 'the request headers are larger than this service accepts'],
};

/** Node's HTTP parser refusing bytes that are not valid HTTP/1.1 (the `clientError` event). */
const PARSER_ERRORS: Record<string, Mapping> = {
  HPE_HEADER_OVERFLOW: [
    'HEADERS_TOO_LARGE',
    'the request line and headers are larger than 16 KiB; send a shorter URL or fewer headers',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'the request did not arrive in time; send it again'],
  HPE_INVALID_HEADER_TOKEN: [
    'INVALID_INPUT',
    'a header name or value holds a character HTTP does not allow, such as NUL',
  ],
  HPE_UNEXPECTED_CONTENT_LENGTH: ['INVALID_INPUT', 'the request has more than one Content-Length header'],
  HPE_INVALID_CONTENT_LENGTH: ['INVALID_INPUT', 'the Content-Length header is not one whole number'],
  HPE_INVALID_TRANSFER_ENCODING: ['INVALID_INPUT', 'the Transfer-Encoding header must be chunked (last)'],
  HPE_INVALID_CONSTANT: ['INVALID_INPUT', 'the request line is not "METHOD /path HTTP/1.1"'],
  HPE_INVALID_CHUNK_SIZE: ['INVALID_INPUT', 'a chunk of the chunked body does not start with a hexadecimal size'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['INVALID_INPUT', 'a chunk of the chunked body has too long an extension'],
  HPE_INVALID_METHOD: ['INVALID_INPUT', 'the request method is not an HTTP method'],
  HPE_INVALID_URL: ['INVALID_INPUT', 'the request target is not a valid URL path'],
  HPE_INVALID_VERSION: ['INVALID_INPUT', 'the request is not HTTP/1.0 or HTTP/1.1'],
};

const failure = ([code, sentence]: Mapping, cause?: unknown) => new ServicePayError(code, sentence, { cause });

/** The part of a request a schema checked, by Fastify's validation context (`body`, `querystring`…). */
const PARTS: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/** A size in bytes as people say it: "256 KiB", "64 MiB", "1.5 MiB". */
function sizeWords(bytes: number): string {
  const [unit, size] = bytes >= 1024 * 1024 ? ['MiB', bytes / (1024 * 1024)] : ['KiB', bytes / 1024];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}

/**
 * Maps Fastify's own errors (parsing, limits, routing, validation) onto the error model; the request,
 * when given, lets a schema violation name what the caller sent (an order's line by its lineIndex).
 */
export function toServicePayError(error: unknown, request?: FastifyRequest): ServicePayError {
  if (error instanceof ServicePayError) return error;
  const fastifyError = error as Partial<FastifyError> & { validation?: AjvError[]; validationContext?: string };
  if (fastifyError.validation) {
    const context = fastifyError.validationContext ?? 'body';
    return fromValidation(fastifyError.validation, context, request && PARTS[context]?.(request));
  }
  const limit = request?.routeOptions.bodyLimit;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && limit) {
    return failure(
      ['PAYLOAD_TOO_LARGE', `the request body is larger than ${sizeWords(limit)}, the most accepted here`],
      error,
    );
  }
  const known = fastifyError.code === undefined ? undefined : FASTIFY_ERRORS[fastifyError.code];
  if (known) return failure(known, error);
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return failure(BY_STATUS[status] ?? ['INVALID_INPUT', 'the request cannot be served as sent'], error);
  }
  return new ServicePayError('INTERNAL', 'the service failed to handle this request; it has been logged', {
    cause: error,
  });
}

/** Fastify error handler: logs internals, answers the failure body and never leaks a stack. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = toServicePayError(error, request);
  const status = HTTP_STATUS[failure.code];
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
  const body: FailureBody = failure.toBody();
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const BOTH_LENGTHS: Mapping = [
  'INVALID_INPUT',
  'the request has both Content-Length and Transfer-Encoding; send only one',
];

/** A request Node's HTTP parser refused, in the model: the reason names what was malformed. */
export function fromClientError(error: NodeJS.ErrnoException & { reason?: string }): ServicePayError {
  // llhttp reports the request-smuggling pair under either header's code; its reason tells.
  if (/can't be present with/.test(error.reason ?? '')) return failure(BOTH_LENGTHS, error);
  const known = error.code === undefined ? undefined : PARSER_ERRORS[error.code];
  return failure(
    known ?? ['INVALID_INPUT', 'the request is not valid HTTP; check its request line, headers and body'],
    error,
  );
}

// Node's own marker of a response under way on a connection (what its default handler checks):
// after its first bytes, another answer would corrupt the stream.
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Fastify `clientErrorHandler`: bytes that are not HTTP never reach a route, so the answer is
 * written on the socket here, in the same shape, and the connection closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable && !(socket as HttpSocket)._httpMessage?.headersSent)
    writeFailure(socket, fromClientError(error));
  socket.destroy(error);
}

/** The HTTP server's `connect` event: a CONNECT (proxy tunnel) request, which no route serves. */
export function answerConnect(request: IncomingMessage, socket: Socket): void {
  const target = JSON.stringify((request.url ?? '').slice(0, 100));
  writeFailure(socket, new ServicePayError('NOT_FOUND', `no route CONNECT ${target}: this service is not a proxy`));
  socket.destroy();
}

function writeFailure(socket: Socket, refused: ServicePayError): void {
  const status = HTTP_STATUS[refused.code];
  const body = JSON.stringify(refused.toBody());
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

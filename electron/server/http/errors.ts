import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServicePayError, type ErrorCode, type FailureBody } from '../../../shared/errors.js';

/** The one place where an error code becomes an HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOTHING_AVAILABLE: 409,
  ILLEGAL_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/items/0/quantity` → `items[0].quantity` */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** Turns the first schema violation into an INVALID_INPUT that names the field and the rule. */
export function fromValidation(errors: readonly AjvError[], context: string): ServicePayError {
  const first = errors[0];
  if (!first) return new ServicePayError('INVALID_INPUT', `the ${context} is invalid`);
  const base = fieldPath(first.instancePath);
  const join = (name: string) => (base ? `${base}.${name}` : name);
  const where = context === 'body' ? '' : ` (${context})`;
  switch (first.keyword) {
    case 'required': {
      const field = join(String(first.params.missingProperty));
      return new ServicePayError('INVALID_INPUT', `${field}${where} is required`, { field });
    }
    case 'additionalProperties': {
      const field = join(String(first.params.additionalProperty));
      return new ServicePayError('INVALID_INPUT', `${field}${where} is not an allowed field`, { field });
    }
    case 'const':
    case 'enum': {
      const allowed =
        first.keyword === 'const' ? [first.params.allowedValue] : (first.params.allowedValues as unknown[]);
      const field = base || context;
      const list = allowed.map((value) => JSON.stringify(value)).join(', ');
      const rule = allowed.length === 1 ? `must be ${list}` : `must be one of ${list}`;
      return new ServicePayError('INVALID_INPUT', `${field}${where} ${rule}`, { field });
    }
    default: {
      const field = base || context;
      const rule = first.message ?? 'is invalid';
      return new ServicePayError('INVALID_INPUT', `${field}${where} ${rule}`, { field });
    }
  }
}

/** Maps Fastify's own errors (parsing, limits, validation) onto the error model. */
export function toServicePayError(error: unknown): ServicePayError {
  if (error instanceof ServicePayError) return error;
  const fastifyError = error as Partial<FastifyError> & { validation?: AjvError[]; validationContext?: string };
  if (fastifyError.validation) return fromValidation(fastifyError.validation, fastifyError.validationContext ?? 'body');
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServicePayError('PAYLOAD_TOO_LARGE', 'the request body is larger than this service accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServicePayError('UNSUPPORTED_MEDIA_TYPE', 'the Content-Type of the request is not accepted here');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ServicePayError('INVALID_INPUT', 'the request body is not valid JSON', { field: 'body' });
    default:
      break;
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new ServicePayError('INVALID_INPUT', fastifyError.message ?? 'the request is invalid');
  }
  return new ServicePayError('INTERNAL', 'the service failed to handle this request; it has been logged', {
    cause: error,
  });
}

/** Fastify error handler: logs internals, answers the failure body and never leaks a stack. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = toServicePayError(error);
  const status = HTTP_STATUS[failure.code];
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
  const body: FailureBody = failure.toBody();
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

import type { ErrorCode, FailureBody, FailureDetails } from '../../shared/errors';

/** A failed API call, carrying the service's error model (shared/errors.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly retryAfterSeconds?: number,
    /** The refusal's figures (the body's `details`), when it has some. */
    readonly details?: FailureDetails,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How a client reaches the service: its origin and the current bearer token. */
export interface ApiOptions {
  baseUrl: string;
  token: () => string | undefined;
  /** Called on 401 (expired or revoked token, replaced credentials) with the service's words, before the error is thrown. */
  onUnauthenticated?: (detail: string) => void;
  /** Extra headers sent with every call (API client credentials, for example). */
  headers?: Record<string, string> | (() => Record<string, string>);
}

/** A JSON client of the service's HTTP API. Components use it through stores, never directly. */
export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

function isFailure(value: unknown): value is FailureBody {
  return typeof value === 'object' && value !== null && (value as FailureBody).resultCode === 'FAIL';
}

export function createApi(options: ApiOptions): Api {
  async function call<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const token = options.token();
    const fixed = typeof options.headers === 'function' ? options.headers() : options.headers;
    const headers: Record<string, string> = { ...fixed, ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'NETWORK', 'The service cannot be reached. Check that it is running.');
    }
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (response.ok) return parsed as T;
    if (response.status === 401) options.onUnauthenticated?.(isFailure(parsed) ? parsed.resultDetail : '');
    const retryAfter = Number(response.headers.get('retry-after') ?? '') || undefined;
    if (isFailure(parsed)) {
      throw new ApiError(response.status, parsed.resultReason, parsed.resultDetail, retryAfter, parsed.details);
    }
    throw new ApiError(response.status, 'INTERNAL', `The service answered ${response.status}.`);
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body, headers) => call('POST', path, body, headers),
    put: (path, body) => call('PUT', path, body),
    patch: (path, body) => call('PATCH', path, body),
    delete: (path) => call('DELETE', path),
  };
}

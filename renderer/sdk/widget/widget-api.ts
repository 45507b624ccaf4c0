import { ApiError, createApi } from '../../common/http';

/** How long the widget waits for the loader's authTokenFactory to answer a `token-expired`. */
const TOKEN_WAIT_MS = 15_000;

/** The API client of the widget: the bearer of init, renewed through the loader when it expires. */
export interface WidgetApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  token(): string;
  setToken(token: string): void;
  /** Asks the loader for a fresh token (once at a time); resolves when it arrives. */
  renewToken(): Promise<void>;
}

export function createWidgetApi(askForToken: () => void): WidgetApi {
  let token = '';
  let waiting: { promise: Promise<void>; resolve: () => void } | undefined;
  const api = createApi({ baseUrl: location.origin, token: () => token });

  function renewToken(): Promise<void> {
    if (!waiting) {
      let resolve!: () => void;
      const promise = new Promise<void>((done, fail) => {
        resolve = done;
        setTimeout(
          () => fail(new ApiError(401, 'UNAUTHENTICATED', 'The sign-in expired and could not be renewed.')),
          TOKEN_WAIT_MS,
        );
      });
      waiting = { promise, resolve };
      promise.catch(() => undefined).finally(() => (waiting = undefined));
      askForToken();
    }
    return waiting.promise;
  }

  /** One call; on 401 the token is renewed and the call made once more. */
  async function withRenewal<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      await renewToken();
      return call();
    }
  }

  return {
    get: (path) => withRenewal(() => api.get(path)),
    post: (path, body, headers) => withRenewal(() => api.post(path, body, headers)),
    token: () => token,
    setToken(next) {
      token = next;
      waiting?.resolve();
    },
    renewToken,
  };
}

/** How long init waits for authTokenFactory and getEntityId before it gives up. */
export const ASK_TIMEOUT_MS = 30_000;

/** The message of whatever integrator code threw or rejected with. */
export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Calls integrator code later (never inside the caller's stack, so nothing it throws can reach the
 * page's own call) and turns a throw or rejection into an error that names the function; with
 * `deadline`, silence fails too.
 */
export function ask(fn: () => unknown, what: string, deadline?: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = deadline && setTimeout(() => reject(new Error(`${what} did not answer in time`)), deadline);
    Promise.resolve()
      .then(fn)
      .then(resolve, (error: unknown) => reject(new Error(`${what} failed: ${reason(error)}`)))
      .finally(() => clearTimeout(timer));
  });
}

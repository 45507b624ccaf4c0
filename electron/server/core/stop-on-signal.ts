/** How long a stop asked for by a signal may take before the process ends anyway. */
export const STOP_GRACE_MS = 10_000;

/**
 * Stops the service once on SIGTERM or SIGINT: `close` ends its work (requests in flight finish,
 * streams end, timers stop), then the process exits 0, or 1 when the close failed. A close still
 * running after `graceMs` (something it waits for never ends) is told to `late` and the process
 * exits 1 anyway: a service asked to stop always stops, and a crash at any point loses nothing.
 */
export function stopOnSignal(
  close: () => Promise<void>,
  log: { info(message: string): void; error(message: string, error?: unknown): void },
  exit: (code: number) => void = (code) => process.exit(code),
  graceMs = STOP_GRACE_MS,
): (signal: NodeJS.Signals) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
    log.info(`shutting down (${signal})`);
    const late = setTimeout(() => {
      log.error(`the service did not stop within ${graceMs / 1000} s; stopping now`);
      exit(1);
    }, graceMs);
    late.unref();
    close().then(
      () => {
        clearTimeout(late);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(late);
        log.error('shutdown failed', error);
        exit(1);
      },
    );
  };
}

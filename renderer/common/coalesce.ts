/**
 * A reload asked for in bursts (a live event per order change): one run at a time, and at most one
 * more queued behind it, which every ask during the run shares. Each caller's promise settles once a
 * run that started after its ask has finished, so what it reads is at least as new as the ask.
 */
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function start(): Promise<void> {
    const current = run().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

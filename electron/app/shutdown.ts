import type { BrowserWindow } from 'electron';

/** What a clean stop closes, in order. */
export interface ShutdownParts {
  windows(): BrowserWindow[];
  /** The in-process service, when this app runs one (not in display-only mode). */
  service?: { close(): Promise<void> };
  /** Longest wait for the service to finish its requests before the app quits anyway. */
  timeoutMs?: number;
}

/**
 * Closes the windows first, so that no page starts a request while the service stops, then the
 * service (answering what is in flight and closing the database). A service that hangs does
 * not keep the app alive.
 */
export async function shutdown(parts: ShutdownParts): Promise<void> {
  for (const win of parts.windows()) if (!win.isDestroyed()) win.destroy();
  if (!parts.service) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, parts.timeoutMs ?? 5000);
  });
  try {
    await Promise.race([parts.service.close(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Console output of one instance: errors and warnings always, details only with `debug`. */
export interface Logger {
  error(message: string, detail?: unknown): void;
  warn(message: string): void;
  debug(message: string): void;
  debugEnabled: boolean;
}

export function createLogger(instance: string): Logger {
  const prefix = `[${instance}]`;
  // The console itself may be replaced by the page; logging must never throw into it.
  const write = (level: 'error' | 'warn' | 'info', message: string, detail?: unknown) => {
    try {
      if (detail === undefined) console[level](prefix, message);
      else console[level](prefix, message, detail);
    } catch {
      // nothing else to do
    }
  };
  const logger: Logger = {
    debugEnabled: false,
    error: (message, detail) => write('error', message, detail),
    warn: (message) => write('warn', message),
    debug: (message) => {
      if (logger.debugEnabled) write('info', message);
    },
  };
  return logger;
}

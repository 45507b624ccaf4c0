import type { Session } from 'electron';
import { isSameOrigin } from '../urls.js';

/**
 * The shell's own policy, added to every answer of the service (the service sends one too; the
 * browser enforces both, so this one holds even if a page were served without its header).
 */
export const SHELL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

type Headers = Record<string, string[]>;

/** The response headers with the shell's policy added beside any the service sent. */
export function withShellCsp(headers: Headers | undefined): Headers {
  const result: Headers = { ...headers };
  const key = Object.keys(result).find((name) => name.toLowerCase() === 'content-security-policy');
  if (key === undefined) result['Content-Security-Policy'] = [SHELL_CSP];
  else result[key] = [...(result[key] ?? []), SHELL_CSP];
  return result;
}

/** Enforces the policy on everything the service's origin answers in this session. */
export function enforceCsp(session: Session, origin: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isSameOrigin(details.url, origin)) return callback({});
    callback({ responseHeaders: withShellCsp(details.responseHeaders) });
  });
}

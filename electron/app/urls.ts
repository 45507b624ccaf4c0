/** The three pages a terminal opens, all served by the service from one origin. */
export type PageKind = 'pos' | 'display' | 'backoffice';

/**
 * The URL of a page for a terminal: POS and pole display carry `?terminal=<id>` so that the
 * display mirrors its own POS; the back office belongs to no terminal. The POS of a new register
 * also carries the store server it offers to attach to (`?server=`).
 */
export function pageUrl(serviceUrl: string, page: PageKind, terminalId: string, attachTo?: string): string {
  const url = new URL(`/${page}/`, serviceUrl);
  if (page !== 'backoffice') url.searchParams.set('terminal', terminalId);
  if (page === 'pos' && attachTo) url.searchParams.set('server', attachTo);
  return url.href;
}

/** The origin that windows may show and talk to; everything else is outside. */
export function serviceOrigin(serviceUrl: string): string {
  return new URL(serviceUrl).origin;
}

/** True when `url` is on `origin` (a malformed URL is not). */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

import type { FastifyInstance } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import { hostNameOf, type HostPolicy } from './allowed-hosts.js';

/** Methods that change nothing: a browser may send them from anywhere (it cannot read the answer). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/**
 * True when a browser page of `origin` may change things here: it is this service's own page (the
 * same host and port as the request's `Host`: the POS, the display, the back office, the SDK widget
 * and the paylink page all are), or its host is a name the operator declared for this service
 * (behind a proxy that rewrites `Host`). Integrators' pages never call the service themselves: they
 * frame the widget, which calls from the service's origin. `null` (sandboxed frames, files) is never.
 */
function originAllowed(origin: string, host: string, policy: HostPolicy): boolean {
  let page: URL;
  let target: URL;
  try {
    page = new URL(origin);
    target = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  const hostname = page.hostname.replace(/\.$/, '');
  const samePort = (page.port || defaultPort(page.protocol)) === (target.port || defaultPort(page.protocol));
  if (hostname === target.hostname.replace(/\.$/, '') && samePort) return true;
  return policy.declared(hostname);
}

/**
 * Refuses a request whose `Host` is not a name of this service (DNS rebinding), and a state-changing
 * request from a browser page of another origin (its `Origin`), before anything else runs.
 */
export function registerHostGuard(app: FastifyInstance, policy: HostPolicy): void {
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (!host) {
      throw new ServicePayError('INVALID_INPUT', 'the request has no Host header; name the service it is for', {
        field: 'Host',
      });
    }
    const name = hostNameOf(host);
    if (name === null || !policy.allows(name)) {
      throw new ServicePayError(
        'HOST_NOT_ALLOWED',
        `this service does not answer to the host name ${shown(name ?? host)}, so a web page that points its own ` +
          'name at this computer cannot use it; if that is a name of this service, start it with ' +
          '--allowed-host NAME (or SERVICEPAY_ALLOWED_HOSTS)',
        { field: 'Host' },
      );
    }
    const origin = request.headers.origin;
    // Servers and scripts send no Origin; browsers send it with every request that can change things.
    if (SAFE_METHODS.has(request.method) || origin === undefined) return;
    if (!originAllowed(origin, host, policy)) {
      throw new ServicePayError(
        'ORIGIN_NOT_ALLOWED',
        `a page of ${shown(origin)} cannot change anything here: only this service's own pages (and the payment ` +
          "widget it serves) may; integrators' pages frame the widget, and their servers call the API",
        { field: 'Origin' },
      );
    }
  });
}

import { networkInterfaces } from 'node:os';

/** Addresses that mean "every interface" when the service binds them. */
const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);
const INTERFACES_TTL_MS = 30_000;

/**
 * The host name of a `Host` header or an origin's host (`127.0.0.1:4610`, `[::1]`, `Shop.Example.`),
 * normalized as a browser does (lower case, IPv6 in brackets, IPv4 in dotted form, no trailing
 * dot), or null when it is not a host.
 */
export function hostNameOf(authority: string): string | null {
  try {
    const url = new URL(`http://${authority}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/** An address or name as `hostNameOf` writes it (`::1` → `[::1]`). */
function normalizedName(name: string): string | null {
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return hostNameOf(bracketed);
}

function isLoopback(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '[::1]' ||
    name.startsWith('[::ffff:7f')
  );
}

/**
 * Reads `--allowed-host` values and `SERVICEPAY_ALLOWED_HOSTS` (each may be a comma list): host
 * names or addresses, or `.example.com` for a domain and its subdomains. Throws an Error naming the
 * first entry that is not one.
 */
export function parseAllowedHosts(values: readonly string[]): string[] {
  const names = new Set<string>();
  for (const entry of values.flatMap((value) => value.split(','))) {
    const text = entry.trim().toLowerCase();
    if (!text) continue;
    const domain = text.startsWith('.');
    const bare = domain ? text.slice(1) : text;
    const name = normalizedName(bare);
    const hasPort = /^\[.*\]:/.test(bare) || (!bare.startsWith('[') && bare.split(':').length === 2);
    if (!name || hasPort || /[/@?#\s]/.test(bare)) {
      throw new Error(
        `an allowed host (--allowed-host, SERVICEPAY_ALLOWED_HOSTS) must be a host name or address without a port or path, not "${entry.trim()}"`,
      );
    }
    names.add(domain ? `.${name}` : name);
  }
  return [...names];
}

/**
 * Which host names this service answers to: loopback names, the address it is bound to (every
 * address of this machine when it binds all interfaces) and the names its operator declared. A page
 * whose own name was pointed at this machine (DNS rebinding) carries its name in `Host` and is refused.
 */
export class HostPolicy {
  private readonly bound: string | null;
  private readonly wildcard: boolean;
  private interfaces: { names: Set<string>; at: number } | undefined;

  constructor(
    boundHost: string,
    private readonly declaredNames: readonly string[],
  ) {
    this.wildcard = WILDCARDS.has(boundHost);
    this.bound = this.wildcard ? null : normalizedName(boundHost);
  }

  /** True when `name` (from `hostNameOf`) is a name of this service. */
  allows(name: string): boolean {
    if (isLoopback(name) || name === this.bound || this.declared(name)) return true;
    return this.wildcard && this.interfaceNames().has(name);
  }

  /** True when the operator declared `name` (`--allowed-host`), exactly or under a `.domain`. */
  declared(name: string): boolean {
    return this.declaredNames.some((entry) =>
      entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
    );
  }

  private interfaceNames(): Set<string> {
    const now = Date.now();
    if (!this.interfaces || now - this.interfaces.at > INTERFACES_TTL_MS) {
      const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
      const names = addresses.map((info) => normalizedName(info.address)).filter((name) => name !== null);
      this.interfaces = { names: new Set(names), at: now };
    }
    return this.interfaces.names;
  }
}

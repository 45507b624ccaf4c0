import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ALLOW_LOCAL_OPTION } from '../../../shared/contracts/webhooks.js';
import { invalidInput } from '../../../shared/errors.js';

/** Addresses a webhook never goes to unless its endpoint allows local testing. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written inside an IPv6 one (`::ffff:10.0.0.1`, NAT64 `64:ff9b::…`), or null. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:0:)?([\d.]+)$/i.exec(address);
  if (match && isIP(match[1]!) === 4) return match[1]!;
  const hex = /^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for loopback, private, link-local, multicast and other non-public addresses. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(bare);
  return inner !== null ? PRIVATE.check(inner, 'ipv4') : PRIVATE.check(bare, 'ipv6');
}

/**
 * Checks an endpoint's URL as it is added: https (http only for local testing), no credentials in
 * it, and — unless `allowLocal` — not a loopback or private host written as such. A refusal names
 * the option that would accept the URL as the set-up API does (ALLOW_LOCAL_OPTION). Host names are
 * resolved at each delivery (guardedLookup), where a name that resolves to a private address is
 * refused too. Returns the URL as it will be called.
 */
export function checkEndpointUrl(raw: string, allowLocal: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidInput('url', 'is not a URL (for example https://shop.example.com/webhooks/servicepay)');
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) {
    throw invalidInput(
      'url',
      `must start with https:// (http:// is accepted only for local testing, with ${ALLOW_LOCAL_OPTION})`,
    );
  }
  if (url.username || url.password) throw invalidInput('url', 'must not carry a user name or password');
  if (!allowLocal && isLocalHost(url.hostname)) {
    throw invalidInput(
      'url',
      `points at a loopback or private address (${url.hostname}): accepted only for local testing, with ${ALLOW_LOCAL_OPTION}`,
    );
  }
  url.hash = '';
  return url.toString();
}

function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** Why a delivery was not sent: the host is (or resolves to) a private address. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(host === address ? `${host} is a private address` : `${host} resolves to a private address (${address})`);
  }
}

/**
 * The DNS lookup of a delivery: the addresses the name resolves to now, refused when one is
 * private (unless the endpoint allows local testing), so a name re-pointed after the endpoint was
 * added (DNS rebinding) cannot reach the register's own network.
 */
export function guardedLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowLocal ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses a literal private address (Node does not look literal addresses up). */
export function refuseLiteralPrivate(url: URL, allowLocal: boolean): void {
  if (allowLocal) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalHost(host)) throw new PrivateAddressError(host, host);
}

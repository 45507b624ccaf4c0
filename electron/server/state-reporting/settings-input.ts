import type { StateReportingInput } from '../../../shared/contracts/state-reporting.js';
import { invalidInput } from '../../../shared/errors.js';
import { isPrivateAddress } from '../webhooks/url-guard.js';
import { LOOPBACK_HOSTS as LOOPBACK } from './state-sender.js';

/**
 * The state system's API root: https:// to a public host, or this computer (a local test server,
 * http:// allowed). No other private address (names resolving to one are refused when sending), no
 * user name, password, query or fragment; the trailing slash is dropped.
 */
export function checkBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw invalidInput('baseUrl', `is not a URL: ${text}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw invalidInput('baseUrl', 'must start with https:// (http:// only to this computer, for a test server)');
  }
  if (!LOOPBACK.has(url.hostname) && isPrivateAddress(url.hostname)) {
    throw invalidInput('baseUrl', `points at a private address (${url.hostname}): the state system is on the internet`);
  }
  if (url.username || url.password) throw invalidInput('baseUrl', 'must not carry a user name or password');
  if (url.search || url.hash) throw invalidInput('baseUrl', 'must not carry a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

/** Metrc licence numbers: letters, digits and - . _ (for example C10-0000001-LIC). */
export function checkLicense(text: string): string {
  const value = text.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/.test(value)) {
    throw invalidInput('licenseNumber', 'must be 1 to 60 letters, digits, - . or _ (for example C10-0000001-LIC)');
  }
  return value;
}

/** An API key: 1 to 300 characters, no spaces. */
export function checkKey(field: 'vendorKey' | 'userKey', text: string): string {
  const value = text.trim();
  if (!/^\S{1,300}$/.test(value)) throw invalidInput(field, 'must be 1 to 300 characters without spaces');
  return value;
}

/** The fields given, checked; what is left out stays as it was. */
export function checkSettingsInput(input: StateReportingInput): StateReportingInput {
  return {
    ...(input.baseUrl === undefined ? {} : { baseUrl: checkBaseUrl(input.baseUrl) }),
    ...(input.licenseNumber === undefined ? {} : { licenseNumber: checkLicense(input.licenseNumber) }),
    ...(input.vendorKey === undefined ? {} : { vendorKey: checkKey('vendorKey', input.vendorKey) }),
    ...(input.userKey === undefined ? {} : { userKey: checkKey('userKey', input.userKey) }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
}

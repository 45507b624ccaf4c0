/** What a register is told to connect to, from the address this back office reaches its server at. */
export interface AttachAddress {
  /** The server's URL as this back office reaches it ("https://pos.store.example"). */
  url: string;
  /**
   * True when that address names this computer only (localhost, 127.0.0.1, ::1): another register
   * must use the server's address on the store's network instead.
   */
  thisComputerOnly: boolean;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The server's URL for `npm start -- --server <url>` on a register (no trailing slash). */
export function attachAddress(serviceUrl: string): AttachAddress {
  let parsed: URL;
  try {
    parsed = new URL(serviceUrl);
  } catch {
    return { url: serviceUrl, thisComputerOnly: false };
  }
  return { url: parsed.origin, thisComputerOnly: LOOPBACK.test(parsed.hostname) };
}

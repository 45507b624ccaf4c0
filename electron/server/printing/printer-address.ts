import { isIP } from 'node:net';
import { invalidInput } from '../../../shared/errors.js';

/** Where a receipt printer is: a raw TCP socket (port 9100 by default) or a local device file. */
export type PrinterAddress = { kind: 'tcp'; host: string; port: number } | { kind: 'device'; path: string };

export const RAW_PRINT_PORT = 9100;

const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
/** A device file: `/dev/` and a name of letters, digits, `_`, `-`, `.` and `/` (no `..`). */
const DEVICE_PATH = /^\/dev\/(?!.*\.\.)[A-Za-z0-9_.\-/]{1,100}$/;

const EXAMPLES = 'for example tcp://192.168.1.50:9100 or /dev/usb/lp0';

function tcpAddress(text: string): PrinterAddress {
  const match = /^tcp:\/\/(\[[^\]]*\]|[^:/]*)(?::([^/]*))?\/?$/i.exec(text);
  if (!match) throw invalidInput('address', `is not tcp://host or tcp://host:port (${EXAMPLES})`);
  const rawHost = match[1]!;
  const host = rawHost.startsWith('[') ? rawHost.slice(1, -1) : rawHost;
  if (host === '') throw invalidInput('address', `names no host (${EXAMPLES})`);
  const bracketed = rawHost.startsWith('[');
  if (bracketed ? isIP(host) !== 6 : isIP(host) !== 4 && (!HOST_NAME.test(host) || /^[\d.]+$/.test(host))) {
    throw invalidInput('address', `has a host that is not an IP address or host name: ${host}`);
  }
  const portText = match[2];
  if (portText === undefined) return { kind: 'tcp', host, port: RAW_PRINT_PORT };
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw invalidInput('address', `has a port that is not a whole number from 1 to 65535: ${portText || '(empty)'}`);
  }
  return { kind: 'tcp', host, port };
}

/**
 * Reads a printer's address as a person typed it: `tcp://host[:port]` (an IPv4 address, a host
 * name or an [IPv6] address) or a device path under /dev (USB or serial, where the OS exposes one).
 * Refuses anything else, saying why.
 */
export function parsePrinterAddress(raw: string): PrinterAddress {
  const text = raw.trim();
  if (text === '') throw invalidInput('address', `is empty (${EXAMPLES})`);
  if (/^tcp:/i.test(text)) return tcpAddress(text);
  if (text.startsWith('/')) {
    if (!DEVICE_PATH.test(text)) {
      throw invalidInput(
        'address',
        `is not a device path under /dev (for example /dev/usb/lp0 or /dev/ttyUSB0): ${text}`,
      );
    }
    return { kind: 'device', path: text };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw invalidInput('address', `must start with tcp:// (raw printing, port 9100) or be a device path (${EXAMPLES})`);
  }
  throw invalidInput('address', `is neither tcp://host[:port] nor a device path (${EXAMPLES})`);
}

/** The address as stored and shown: `tcp://host:port` (port always written) or the device path. */
export function formatPrinterAddress(address: PrinterAddress): string {
  if (address.kind === 'device') return address.path;
  const host = isIP(address.host) === 6 ? `[${address.host}]` : address.host.toLowerCase();
  return `tcp://${host}:${address.port}`;
}

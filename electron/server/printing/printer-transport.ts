import { open } from 'node:fs/promises';
import { connect } from 'node:net';
import { formatPrinterAddress, type PrinterAddress } from './printer-address.js';

/** Why a print did not reach the printer, in words for the cashier and the manager. */
export class PrinterProblem extends Error {}

export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

export function tcpProblem(error: NodeJS.ErrnoException, where: string): PrinterProblem {
  switch (error.code) {
    case 'ECONNREFUSED':
      return new PrinterProblem(`The printer at ${where} refused the connection (is it on, and is that its address?)`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterProblem(`No printer host is known by the name in ${where}`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new PrinterProblem(`The printer at ${where} cannot be reached from this computer`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new PrinterProblem(`The printer at ${where} closed the connection before it took the print`);
    default:
      return new PrinterProblem(`The printer at ${where} could not be reached (${error.message})`);
  }
}

/**
 * Sends `bytes` to a raw TCP printer and waits until it has taken them: the printer closes its end
 * once the job is in. A printer that does not connect, take the bytes or close within `timeoutMs`
 * is a problem, never a wait without end.
 */
function sendTcp(address: { host: string; port: number }, bytes: Uint8Array, timeoutMs: number, where: string) {
  return new Promise<void>((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    let connected = false;
    const timer = setTimeout(() => {
      socket.destroy();
      const what = connected ? 'took the connection but did not take the print' : 'did not answer';
      reject(new PrinterProblem(`The printer at ${where} ${what} within ${seconds(timeoutMs)}`));
    }, timeoutMs);
    socket.on('connect', () => {
      connected = true;
      socket.end(bytes);
    });
    // Whatever the printer answers (status bytes) is read and dropped.
    socket.on('data', () => undefined);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(tcpProblem(error, where));
    });
    socket.on('close', (hadError) => {
      clearTimeout(timer);
      if (!hadError) resolve();
    });
  });
}

function deviceProblem(error: NodeJS.ErrnoException, path: string): PrinterProblem {
  switch (error.code) {
    case 'ENOENT':
    case 'ENODEV':
    case 'ENXIO':
      return new PrinterProblem(`There is no printer at ${path} (is it plugged in and on?)`);
    case 'EACCES':
    case 'EPERM':
      return new PrinterProblem(`The service may not write to ${path} (give its user access to the device)`);
    default:
      return new PrinterProblem(`The printer at ${path} could not be written to (${error.message})`);
  }
}

/** Writes `bytes` to a printer's device file (USB or serial), within `timeoutMs`. */
async function sendDevice(path: string, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const write = (async () => {
    const file = await open(path, 'a');
    try {
      await file.write(bytes);
    } finally {
      await file.close();
    }
  })();
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PrinterProblem(`The printer at ${path} did not take the print within ${seconds(timeoutMs)}`)),
      timeoutMs,
    );
  });
  // A write still pending after the timeout ends on its own; its error then is of no one's concern.
  write.catch(() => undefined);
  try {
    await Promise.race([write, stalled]);
  } catch (error) {
    if (error instanceof PrinterProblem) throw error;
    throw deviceProblem(error as NodeJS.ErrnoException, path);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends a print job to the printer at `address`; a PrinterProblem says why it did not get there. */
export async function sendToPrinter(address: PrinterAddress, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  if (address.kind === 'device') return sendDevice(address.path, bytes, timeoutMs);
  const where = formatPrinterAddress(address).slice('tcp://'.length);
  return sendTcp(address, bytes, timeoutMs, where);
}

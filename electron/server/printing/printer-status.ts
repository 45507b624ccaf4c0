import { connect } from 'node:net';
import { formatPrinterAddress, type PrinterAddress } from './printer-address.js';
import { PrinterProblem, seconds, tcpProblem } from './printer-transport.js';

/** ESC/POS real-time status request: DLE EOT 4, the roll paper sensor. */
const PAPER_STATUS_QUERY = Uint8Array.of(0x10, 0x04, 0x04);
/** Bits 5 and 6 of the answer: the roll paper end sensor found no paper. */
const PAPER_END = 0x60;
/** A printer that answers real-time status does so at once; one that does not is asked no longer. */
const STATUS_WAIT_MS = 400;

/** What the printer says of its paper; `unknown` when it does not answer status requests. */
export type PaperState = 'present' | 'out' | 'unknown';

/**
 * Asks a raw TCP printer whether it has paper (ESC/POS DLE EOT 4), on a connection of its own, so
 * a receipt is not sent into a printer that would hold it until a new roll is in. A printer that
 * does not answer status requests within 400 ms is `unknown` (the print goes ahead); one that
 * cannot be reached is a PrinterProblem, as a print would be. A device file (USB, serial) is not read
 * back here: `unknown`.
 */
export function paperState(address: PrinterAddress, timeoutMs: number): Promise<PaperState> {
  if (address.kind === 'device') return Promise.resolve('unknown');
  const where = formatPrinterAddress(address).slice('tcp://'.length);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    let answered: PaperState | undefined;
    const settle = (state: PaperState) => {
      answered ??= state;
      socket.end();
      clearTimeout(timer);
      resolve(answered);
    };
    let timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterProblem(`The printer at ${where} did not answer within ${seconds(timeoutMs)}`));
    }, timeoutMs);
    socket.on('connect', () => {
      clearTimeout(timer);
      timer = setTimeout(() => settle('unknown'), STATUS_WAIT_MS);
      socket.write(PAPER_STATUS_QUERY);
    });
    socket.on('data', (answer: Buffer) => settle((answer[0]! & PAPER_END) === PAPER_END ? 'out' : 'present'));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (answered === undefined) reject(tcpProblem(error, where));
    });
  });
}

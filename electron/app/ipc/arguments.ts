import { IpcRefusal } from './ipc-refusal.js';

/** Receipts are small documents; anything larger is a mistake or an attack on the print spooler. */
export const MAX_RECEIPT_BYTES = 512 * 1024;

/** For channels that take nothing: extra arguments mean a caller that is not ours. */
export function noArguments(args: readonly unknown[]): [] {
  if (args.length !== 0) throw new IpcRefusal('INVALID_ARGUMENT', `expected no arguments, got ${args.length}`);
  return [];
}

/** `receipt:print`: one complete HTML document as a non-empty string of at most 512 KiB. */
export function receiptArguments(args: readonly unknown[]): [html: string] {
  const [html] = args;
  if (args.length !== 1 || typeof html !== 'string') {
    throw new IpcRefusal('INVALID_ARGUMENT', 'printReceipt takes one argument: the receipt as an HTML string');
  }
  if (html.trim() === '') throw new IpcRefusal('INVALID_ARGUMENT', 'the receipt is empty');
  if (Buffer.byteLength(html, 'utf8') > MAX_RECEIPT_BYTES) {
    throw new IpcRefusal('INVALID_ARGUMENT', `the receipt is larger than ${MAX_RECEIPT_BYTES / 1024} KiB`);
  }
  return [html];
}

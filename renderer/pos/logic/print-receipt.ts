import type { DesktopBridge } from '../../../shared/contracts/desktop';

/**
 * Prints a receipt: silently through the desktop app when it runs in Electron, otherwise with the
 * browser's print dialog on a hidden frame holding only the receipt.
 */
export async function printReceipt(html: string, desktop: DesktopBridge | undefined): Promise<string> {
  if (desktop) {
    const result = await desktop.printReceipt(html);
    return result.printed ? 'Receipt printed.' : `The receipt did not print: ${result.error ?? 'unknown reason'}.`;
  }
  const frame = document.createElement('iframe');
  frame.className = 'print-frame';
  frame.title = 'Receipt';
  frame.srcdoc = html;
  document.body.append(frame);
  await new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 60_000);
  return 'Receipt sent to the printer.';
}

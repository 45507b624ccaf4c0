import type { DesktopBridge } from '../../shared/contracts/desktop';

/**
 * Prints a receipt (or a drawer report: `what` names it for the cashier): silently through the
 * desktop app when it runs in Electron, otherwise with the browser's print dialog on a hidden frame
 * holding only the document. Answers what to tell the cashier: what happened, never a print the
 * page cannot know of.
 */
export async function printReceipt(
  html: string,
  desktop: DesktopBridge | undefined,
  what: 'Receipt' | 'Report' = 'Receipt',
): Promise<string> {
  if (desktop) {
    const result = await desktop.printReceipt(html);
    const lower = what.toLowerCase();
    return result.printed ? `${what} printed.` : `The ${lower} did not print: ${result.error ?? 'unknown reason'}.`;
  }
  const frame = document.createElement('iframe');
  frame.className = 'print-frame';
  frame.title = what;
  frame.srcdoc = html;
  document.body.append(frame);
  await new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 60_000);
  // The dialog is the browser's: whether it printed, or was closed, is not told to the page.
  return `Opened the print dialog for the ${what.toLowerCase()}.`;
}

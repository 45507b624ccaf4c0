import { BrowserWindow } from 'electron';
import type { PrintResult } from '../../../shared/contracts/desktop.js';

/**
 * Prints a receipt (a complete HTML document) silently on the default printer from a hidden
 * window that runs no script and goes nowhere: the document is data, not a page.
 */
export async function printReceipt(html: string): Promise<PrintResult> {
  const win = new BrowserWindow({
    show: false,
    webPreferences: {
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    },
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  try {
    await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    return await new Promise<PrintResult>((resolve) =>
      win.webContents.print({ silent: true, printBackground: true }, (printed, failureReason) =>
        resolve(printed ? { printed } : { printed, error: failureReason || 'the receipt was not printed' }),
      ),
    );
  } catch (error) {
    return { printed: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    win.destroy();
  }
}

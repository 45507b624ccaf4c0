import { IPC, type DisplayInfo, type PrintResult } from '../../../shared/contracts/desktop.js';
import { noArguments, receiptArguments } from './arguments.js';
import type { DesktopHandlers } from './typed-ipc.js';

/** The operating-system functions behind the bridge, given by the main process. */
export interface DesktopFunctions {
  appVersion(): string;
  listDisplays(): DisplayInfo[];
  printReceipt(html: string): Promise<PrintResult>;
}

/** The bridge's channels: every window may ask; only the POS and the back office print. */
export function desktopHandlers(os: DesktopFunctions): DesktopHandlers {
  const everyPage = ['pos', 'display', 'backoffice'] as const;
  return {
    [IPC.appVersion]: { pages: everyPage, parse: noArguments, run: () => os.appVersion() },
    [IPC.listDisplays]: { pages: everyPage, parse: noArguments, run: () => os.listDisplays() },
    [IPC.printReceipt]: { pages: ['pos', 'backoffice'], parse: receiptArguments, run: (html) => os.printReceipt(html) },
  };
}

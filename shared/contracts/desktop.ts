/**
 * What the Electron shell's preload scripts expose to the windows, as `window.servicepayDesktop`.
 * Absent in browser mode: pages fall back to the browser (window.print, the page's own origin).
 */

/** One connected display, as the POS shows it when choosing where the pole display goes. */
export interface DisplayInfo {
  id: number;
  label: string;
  primary: boolean;
  bounds: { x: number; y: number; width: number; height: number };
}

/** The result of printing a receipt through the operating system. */
export interface PrintResult {
  printed: boolean;
  /** Why it did not print (no printer, canceled), for the cashier. */
  error?: string;
}

/** The small typed API of a window's preload (never raw ipcRenderer). */
export interface DesktopBridge {
  /** The service the windows talk to (`http://127.0.0.1:<port>`, or another terminal's). */
  serviceUrl: string;
  /** This terminal's id, shared by its POS window and its pole display (`front-1`). */
  terminalId: string;
  appVersion(): Promise<string>;
  listDisplays(): Promise<DisplayInfo[]>;
  /** Prints a receipt (a complete HTML document) silently on the default printer. */
  printReceipt(html: string): Promise<PrintResult>;
}

/** The IPC channels behind the bridge (`domain:action`), shared by main and preload. */
export const IPC = {
  appVersion: 'app:version',
  listDisplays: 'displays:list',
  printReceipt: 'receipt:print',
} as const;

/** Default terminal id when none is configured. */
export const DEFAULT_TERMINAL_ID = 'front-1';

/** What the pole display's preload exposes: the customer's screen never prints. */
export type DisplayBridge = Omit<DesktopBridge, 'printReceipt'>;

/** Each IPC channel's arguments and result, shared by main's handlers and the preload. */
export interface DesktopIpc {
  [IPC.appVersion]: { args: []; result: string };
  [IPC.listDisplays]: { args: []; result: DisplayInfo[] };
  [IPC.printReceipt]: { args: [html: string]; result: PrintResult };
}

/** One IPC channel of the bridge. */
export type DesktopChannel = keyof DesktopIpc;

/** How main answers every invoke: the result, or an error that the preload turns back into an Error. */
export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

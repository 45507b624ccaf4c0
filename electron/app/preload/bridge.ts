import {
  IPC,
  type DesktopBridge,
  type DesktopChannel,
  type DesktopIpc,
  type DisplayBridge,
  type IpcEnvelope,
} from '../../../shared/contracts/desktop.js';
import type { WindowArgs } from '../window-args.js';

/** ipcRenderer.invoke, as the preload is given it (never exposed to the page itself). */
export type RawInvoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/** A typed invoke: main's envelope is unwrapped, a refusal or failure becomes a thrown Error. */
export function typedInvoke(raw: RawInvoke) {
  return async <C extends DesktopChannel>(channel: C, ...args: DesktopIpc[C]['args']) => {
    const answer = (await raw(channel, ...args)) as IpcEnvelope<DesktopIpc[C]['result']>;
    if (answer.ok) return answer.value;
    // contextBridge copies only an Error's message to the page: the code goes into it.
    throw new Error(`${channel}: ${answer.error.message} (${answer.error.code})`);
  };
}

/** The pole display's bridge: everything but printing. */
export function createDisplayBridge(raw: RawInvoke, args: WindowArgs): DisplayBridge {
  const invoke = typedInvoke(raw);
  return {
    serviceUrl: args.serviceUrl,
    terminalId: args.terminalId,
    appVersion: () => invoke(IPC.appVersion),
    listDisplays: () => invoke(IPC.listDisplays),
  };
}

/** The POS and back-office bridge: the display's plus silent receipt printing. */
export function createDesktopBridge(raw: RawInvoke, args: WindowArgs): DesktopBridge {
  const invoke = typedInvoke(raw);
  return {
    ...createDisplayBridge(raw, args),
    printReceipt: (html: string) => invoke(IPC.printReceipt, html),
  };
}

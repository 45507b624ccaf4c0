import type { IpcMain } from 'electron';
import type { DesktopChannel, DesktopIpc, IpcEnvelope } from '../../../shared/contracts/desktop.js';
import type { PageKind } from '../urls.js';
import { IpcRefusal } from './ipc-refusal.js';
import { checkSender } from './sender.js';

type Args<C extends DesktopChannel> = DesktopIpc[C]['args'];
type Result<C extends DesktopChannel> = DesktopIpc[C]['result'];

/** How main serves one channel: who may call it, how its arguments are checked, what it does. */
export interface ChannelHandler<C extends DesktopChannel> {
  pages: readonly PageKind[];
  /** Turns the renderer's untrusted arguments into typed ones, or throws an IpcRefusal. */
  parse(args: readonly unknown[]): Args<C>;
  run(...args: Args<C>): Result<C> | Promise<Result<C>>;
}

/** Every channel of the bridge, each with its handler: a missing channel is a type error. */
export type DesktopHandlers = { [C in DesktopChannel]: ChannelHandler<C> };

async function envelope<T>(work: () => T | Promise<T>): Promise<IpcEnvelope<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    // Errors do not survive IPC as objects: send code and message, the preload rebuilds the Error.
    const code = error instanceof IpcRefusal ? error.code : 'FAILED';
    return { ok: false, error: { code, message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Registers one typed handler per channel; each answers an envelope, never a rejection. */
export function registerHandlers(ipcMain: Pick<IpcMain, 'handle'>, origin: string, handlers: DesktopHandlers): void {
  for (const channel of Object.keys(handlers) as DesktopChannel[]) {
    const handler = handlers[channel] as unknown as ChannelHandler<DesktopChannel>;
    ipcMain.handle(channel, (event, ...args: unknown[]) =>
      envelope(() => {
        checkSender(event, origin, handler.pages);
        // The union of channels collapses the argument tuple; parse made it the channel's own.
        return (handler.run as (...parsed: unknown[]) => unknown)(...handler.parse(args));
      }),
    );
  }
}

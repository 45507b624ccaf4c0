// Preload of the POS and back-office windows (bundled to out/preload/pos.cjs: sandboxed preloads
// are CommonJS and may require only 'electron'). The page gets the bridge, never ipcRenderer.
import { contextBridge, ipcRenderer } from 'electron';
import { decodeWindowArgs } from '../window-args.js';
import { createDesktopBridge } from './bridge.js';

const invoke = (channel: string, ...args: unknown[]) => ipcRenderer.invoke(channel, ...args);
contextBridge.exposeInMainWorld('servicepayDesktop', createDesktopBridge(invoke, decodeWindowArgs(process.argv)));

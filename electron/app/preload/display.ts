// Preload of the customer's pole display (bundled to out/preload/display.cjs). The customer's
// screen gets the read-only part of the bridge: it cannot print.
import { contextBridge, ipcRenderer } from 'electron';
import { decodeWindowArgs } from '../window-args.js';
import { createDisplayBridge } from './bridge.js';

const invoke = (channel: string, ...args: unknown[]) => ipcRenderer.invoke(channel, ...args);
contextBridge.exposeInMainWorld('servicepayDesktop', createDisplayBridge(invoke, decodeWindowArgs(process.argv)));

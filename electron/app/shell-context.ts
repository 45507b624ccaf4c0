import type { OpenExternal } from './security/navigation.js';

/** What every window of one running app shares. */
export interface ShellContext {
  /** The service the windows load: this machine's, or another terminal's in display-only mode. */
  serviceUrl: string;
  /** Its origin: the only one windows may show, and the only one IPC answers. */
  origin: string;
  terminalId: string;
  /** The store server a new register offers to attach to (`--server`). */
  attachTo?: string;
  /** DevTools in development only (`app.isPackaged` is false). */
  devTools: boolean;
  /** The built preload bundles (out/preload/*.cjs): the POS one also serves the back office. */
  preloads: { pos: string; display: string };
  openExternal: OpenExternal;
}

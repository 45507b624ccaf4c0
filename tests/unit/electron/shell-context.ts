import type { ShellContext } from '../../../electron/app/shell-context.js';

/** The context a terminal's windows get, on a service at 127.0.0.1:4610. */
export function testContext(overrides: Partial<ShellContext> = {}): ShellContext & { opened: string[] } {
  const opened: string[] = [];
  return {
    serviceUrl: 'http://127.0.0.1:4610',
    origin: 'http://127.0.0.1:4610',
    terminalId: 'front-1',
    devTools: false,
    preloads: { pos: '/app/out/preload/pos.cjs', display: '/app/out/preload/display.cjs' },
    openExternal: async (url) => void opened.push(url),
    opened,
    ...overrides,
  };
}

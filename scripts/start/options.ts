import { parseArgs } from 'node:util';
import { DEFAULT_TERMINAL_ID } from '../../shared/contracts/desktop.js';
import { isTerminalId } from '../../shared/terminal-id.js';
import { DEFAULT_CONFIG } from '../../electron/server/core/config.js';
import { defaultDataDir } from '../../electron/server/data-dir.js';
import { parseAllowedHosts } from '../../electron/server/http/allowed-hosts.js';

/** `npm start -- [flags]`. */
export interface StartOptions {
  port: number;
  dataDir: string;
  terminalId: string;
  /** Host names the service also answers to (`--allowed-host`, `SERVICEPAY_ALLOWED_HOSTS`). */
  allowedHosts: string[];
  noWindows: boolean;
  /** The store server this register is attached to (`--server`, `SERVICEPAY_SERVER_URL`); none: standalone. */
  server: string | undefined;
  help: boolean;
}

export const START_HELP = `Usage: npm start -- [options]

Runs ServicePay POS: in Electron where its binary is installed, otherwise in browser mode (the
service on 127.0.0.1 and the POS and customer-display pages in Chromium app windows, or their URLs
printed when there is no display). Ctrl-C stops everything.

Options:
  --port N        port of the service (env SERVICEPAY_PORT, default ${DEFAULT_CONFIG.port}; 0 picks a free one)
  --data DIR      folder of the database (env SERVICEPAY_DATA_DIR, default ${defaultDataDir()})
  --terminal ID   this terminal's id, shared by its POS and its customer display (default ${DEFAULT_TERMINAL_ID})
  --allowed-host NAME
                  another host name the service answers to besides loopback (repeat it or give a comma
                  list; env SERVICEPAY_ALLOWED_HOSTS): other names are refused, against DNS rebinding
  --server URL    attach this register to a store server (env SERVICEPAY_SERVER_URL): on the first start
                  a manager of the store signs in once; the register then keeps its store's catalog,
                  taxes, staff and payment configuration current (README "Attaching registers")
  --no-windows    open no window: run the service and print the pages' URLs
  -h, --help      show this help
`;

/** Reads the flags; throws an Error naming a bad one. */
export function parseStartOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): StartOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      terminal: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'no-windows': { type: 'boolean' },
      server: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const portText = values.port ?? env.SERVICEPAY_PORT;
  const port = portText === undefined ? DEFAULT_CONFIG.port : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not "${portText}"`);
  const terminalId = values.terminal ?? DEFAULT_TERMINAL_ID;
  if (!isTerminalId(terminalId)) {
    throw new Error(`--terminal must be letters, digits, - or _, not "${terminalId}"`);
  }
  return {
    port,
    dataDir: values.data ?? defaultDataDir(env),
    terminalId,
    allowedHosts: parseAllowedHosts([...(values['allowed-host'] ?? []), env.SERVICEPAY_ALLOWED_HOSTS ?? '']),
    noWindows: values['no-windows'] ?? false,
    server: values.server ?? (env.SERVICEPAY_SERVER_URL || undefined),
    help: values.help ?? false,
  };
}

import { parseArgs } from 'node:util';
import { DEFAULT_TERMINAL_ID } from '../../shared/contracts/desktop.js';
import { isTerminalId } from '../../shared/terminal-id.js';
import { parseAllowedHosts } from '../server/http/allowed-hosts.js';

/** How this copy of the app runs, from its command line. */
export type AppOptions =
  | {
      mode: 'terminal';
      terminalId: string;
      port: number;
      host: string;
      /** Host names the service also answers to (`--allowed-host`, `SERVICEPAY_ALLOWED_HOSTS`). */
      allowedHosts: string[];
      dataDir?: string;
      demo: boolean;
      /** The store server a new register offers to attach to (`--server`, `SERVICEPAY_SERVER_URL`). */
      serverUrl?: string;
    }
  | { mode: 'display-only'; terminalId: string; serviceUrl: string };

function serviceUrl(text: string | undefined, flag = '--service-url'): string {
  if (!text) throw new Error('--display-only needs --service-url URL (the service of the terminal to mirror)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} must be a URL, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${flag} must be http(s)`);
  return url.origin;
}

function port(text: string | undefined): number {
  if (text === undefined) return 0; // 0: the system picks a free port
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`--port must be 0-65535, not "${text}"`);
  return value;
}

/**
 * Reads the app's own flags and ignores everything else: Electron and Chromium put their own
 * switches and the app path into argv. Throws an Error naming the bad flag.
 */
export function parseAppOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): AppOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: false,
    allowPositionals: true,
    options: {
      'display-only': { type: 'boolean' },
      'service-url': { type: 'string' },
      terminal: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      data: { type: 'string' },
      'no-demo': { type: 'boolean' },
      server: { type: 'string' },
    },
  });
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const texts = (name: string) => [values[name] ?? []].flat().filter((value) => typeof value === 'string');
  const terminalId = text('terminal') ?? DEFAULT_TERMINAL_ID;
  if (!isTerminalId(terminalId)) throw new Error(`--terminal must be letters, digits, - or _, not "${terminalId}"`);
  if (values['display-only'] === true) {
    return { mode: 'display-only', terminalId, serviceUrl: serviceUrl(text('service-url')) };
  }
  const dataDir = text('data');
  const server = text('server') ?? env.SERVICEPAY_SERVER_URL;
  return {
    mode: 'terminal',
    terminalId,
    port: port(text('port')),
    host: text('host') ?? '127.0.0.1',
    allowedHosts: parseAllowedHosts([...texts('allowed-host'), env.SERVICEPAY_ALLOWED_HOSTS ?? '']),
    ...(dataDir ? { dataDir } : {}),
    // A register to attach starts empty: its POS offers to attach it (a demo would be a store of its own).
    demo: values['no-demo'] !== true && !server,
    ...(server ? { serverUrl: serviceUrl(server, '--server') } : {}),
  };
}

/**
 * What a window's preload needs to know before the page runs, passed as extra process arguments
 * (`webPreferences.additionalArguments`): a sandboxed preload can read `process.argv`, but not
 * files or the environment of the main process.
 */
export interface WindowArgs {
  serviceUrl: string;
  terminalId: string;
}

const PREFIX = '--servicepay-';
const KEYS = { serviceUrl: 'service-url', terminalId: 'terminal' } as const;

/** The arguments the main process gives a window. */
export function encodeWindowArgs(args: WindowArgs): string[] {
  return (Object.keys(KEYS) as (keyof WindowArgs)[]).map((key) => `${PREFIX}${KEYS[key]}=${args[key]}`);
}

/** The preload's side: reads them back, failing loudly when the main process forgot one. */
export function decodeWindowArgs(argv: readonly string[]): WindowArgs {
  const read = (key: keyof WindowArgs): string => {
    const flag = `${PREFIX}${KEYS[key]}=`;
    const found = argv.find((arg) => arg.startsWith(flag));
    if (found === undefined) throw new Error(`servicepay preload: missing ${flag.slice(0, -1)}`);
    return found.slice(flag.length);
  };
  return { serviceUrl: read('serviceUrl'), terminalId: read('terminalId') };
}

import { FORWARD_RECORDS_MAX } from '../../shared/contracts/registers.js';

/**
 * `serve`'s options that take a whole number: the least (and most) each takes, and what it counts
 * in words, so a refusal says what the option takes ("--backup-keep takes a number of backups, 1
 * or more, not "0"").
 */
const WHOLE_OPTIONS = {
  port: { min: 0, max: 65_535, takes: 'a port number from 0 to 65535 (0 picks a free one)' },
  'db-pool': { min: 1, takes: 'a number of connections, 1 or more' },
  'read-max-lag': { min: 0, takes: 'a number of seconds, 0 or more' },
  'rate-limit': { min: 1, takes: 'a number of requests a minute, 1 or more' },
  'pinpad-delay-ms': { min: 0, takes: 'a number of milliseconds, 0 or more' },
  'reconcile-delay-ms': { min: 0, takes: 'a number of milliseconds, 0 or more' },
  'backup-every-hours': { min: 0, takes: 'a number of hours, 1 or more (0 turns automatic backups off)' },
  'backup-keep': { min: 1, takes: 'a number of backups, 1 or more' },
  'takeover-after-ms': { min: 1000, takes: 'a number of milliseconds, 1000 or more' },
  'webhook-timeout-ms': { min: 100, takes: 'a number of milliseconds, 100 or more' },
  // The store server takes at most FORWARD_RECORDS_MAX changes in one request: more is refused, never cut down.
  'forward-batch': {
    min: 1,
    max: FORWARD_RECORDS_MAX,
    takes: `a number of changes from 1 to ${FORWARD_RECORDS_MAX}`,
  },
  'hold-expiry-ms': { min: 1000, takes: 'a number of milliseconds, 1000 or more' },
  'server-wait-ms': { min: 100, takes: 'a number of milliseconds, 100 or more' },
} as const satisfies Record<string, { min: number; max?: number; takes: string }>;

/** The name of an option that takes a whole number. */
export type WholeOption = keyof typeof WHOLE_OPTIONS;

/** Those options' names. */
export const WHOLE_NAMES = Object.keys(WHOLE_OPTIONS) as WholeOption[];

/** The variable that gives option `name` when its flag is not given (--db-pool: SERVICEPAY_DB_POOL). */
export function optionVariable(name: WholeOption): string {
  return `SERVICEPAY_${name.toUpperCase().replaceAll('-', '_')}`;
}

/** `text` as option `name`'s whole number, or the words of its refusal (`--name takes …, not "text"`). */
export function wholeOption(name: WholeOption, text: string): number | string {
  const rule: { min: number; max?: number; takes: string } = WHOLE_OPTIONS[name];
  const value = /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isInteger(value) && value >= rule.min && value <= (rule.max ?? Number.MAX_SAFE_INTEGER)) return value;
  return `--${name} takes ${rule.takes}, not "${text}"`;
}

/**
 * `argv` with a negative number given to an option that takes a value joined to it (`--port -1` →
 * `--port=-1`): Node's parseArgs takes such a number for an option of its own and answers that
 * the argument is ambiguous; joined, the option's own check says what it takes.
 */
export function negativesJoined(argv: readonly string[], takesValue: (option: string) => boolean): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (arg.startsWith('--') && !arg.includes('=') && takesValue(arg.slice(2)) && next && /^-\.?\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

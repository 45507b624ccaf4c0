/**
 * A terminal (register) id: what `--terminal`, `?terminal=` and the Electron shell carry, in page URLs,
 * API paths and live topics. One rule for all of them: a letter or digit, then letters, digits, `-`
 * or `_`, at most 40 characters (`front-1`, `bo-3f9a0c1d`).
 */
export const TERMINAL_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$';

const TERMINAL_ID = new RegExp(TERMINAL_ID_PATTERN);

/** TERMINAL_ID_PATTERN in words, as a refusal of a register's name says it. */
export const TERMINAL_ID_RULE = 'a letter or digit, then letters, digits, - or _ (at most 40)';

/** True for a string that is a terminal id. */
export function isTerminalId(value: string): boolean {
  return TERMINAL_ID.test(value);
}

/**
 * True for a back-office machine's terminal id (`bo-` and its own characters, see the back office's
 * session store): it takes payments and refunds (the virtual terminal) but is no register and has no
 * cash drawer.
 */
export function isBackOfficeTerminal(terminalId: string): boolean {
  return terminalId.startsWith('bo-');
}

/**
 * The service's refusal of a window whose register was signed in again in another window (or on
 * another computer): enrolling a terminal replaces its API credentials, so the first window's stop
 * working. The windows say it in their own words (not "your session has expired").
 */
export const TERMINAL_SIGNED_IN_ELSEWHERE =
  "this register was signed in again in another window, which replaced this window's credentials; sign in again to work here";

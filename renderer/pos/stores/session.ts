import { defineSessionStore } from '../../common/session-store';
import { terminalContext } from '../../common/terminal';

export const terminal = terminalContext();

/** The cashier's login; locking keeps the sale in progress. */
export const useSessionStore = defineSessionStore('servicepay-pos-session', terminal);

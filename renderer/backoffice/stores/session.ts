import { defineSessionStore } from '../../common/session-store';
import { askedStore, terminalContext } from '../../common/terminal';

const DEVICE_KEY = 'servicepay-backoffice-device';

/**
 * This browser's back-office terminal id (`bo-` and 8 random characters, kept in localStorage): each
 * back-office machine holds its own API client credentials, so two managers never retire each other's.
 */
function deviceTerminalId(): string {
  const saved = localStorage.getItem(DEVICE_KEY);
  if (saved && /^bo-[a-z0-9]{8}$/.test(saved)) return saved;
  const id = `bo-${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
  localStorage.setItem(DEVICE_KEY, id);
  return id;
}

export const terminal = { ...terminalContext(), terminalId: deviceTerminalId() };
export const DISPENSARY = terminal.dispensaryShortName;
/**
 * The store the address asks for, as typed (`?dispensary=`; null when it names none). It is
 * DISPENSARY unless it cannot be a short name, which opens no store: the back office says so in
 * the manager's own words rather than opening the default store.
 */
export const ASKED_STORE = askedStore();
export const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce`;

/** The back-office user's login. */
export const useSessionStore = defineSessionStore('servicepay-backoffice-session', terminal);

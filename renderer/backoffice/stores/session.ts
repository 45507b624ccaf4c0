import { defineSessionStore } from '../../common/session-store';
import { terminalContext } from '../../common/terminal';

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
export const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce`;

/** The back-office user's login. */
export const useSessionStore = defineSessionStore('servicepay-backoffice-session', terminal);

import { defineStoreCheck } from '../../common/store-check';
import { askedStore } from '../../common/terminal';
import { terminal, useSessionStore } from './session';

/** The store the register's address asks for, as typed (null: none, the default store is opened). */
export const ASKED_STORE = askedStore();

/**
 * The register's store, read as each login begins, before the sale screen asks for its catalog,
 * drawer and live channel: one not there, or not this login's, opens a page saying so instead. A
 * manager signed in at the register sees the stores to open instead; a cashier may not list them.
 */
export const useStoreCheckStore = defineStoreCheck({
  api: () => useSessionStore().api,
  asked: ASKED_STORE,
  shortName: terminal.dispensaryShortName,
  mayList: () => useSessionStore().user?.permissions.includes('audit:read') === true,
});

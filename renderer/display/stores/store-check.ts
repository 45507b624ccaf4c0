import { defineStoreCheck } from '../../common/store-check';
import { askedStore } from '../../common/terminal';
import { api, terminal } from '../logic/display-session';

/** The store the display's address asks for, as typed (null: none, the default store is shown). */
export const ASKED_STORE = askedStore();

/**
 * The display's store, read once it is signed in and before it follows its register: one not
 * there, or not this login's, shows the customer a neutral page instead of an idle screen that
 * waits for nothing (and asks the service nothing again). A display lists no stores.
 */
export const useStoreCheckStore = defineStoreCheck({
  api: () => api,
  asked: ASKED_STORE,
  shortName: terminal.dispensaryShortName,
  mayList: () => false,
});

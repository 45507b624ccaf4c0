import { defineStoreCheck } from '../../common/store-check';
import { DISPENSARY, ASKED_STORE, useSessionStore } from './session';

/**
 * The back office's store, read as each login begins and before any screen opens (common
 * store-check.ts): one not there, or not this login's, opens a page saying so with the stores the
 * manager may open instead (managers and admins may list them).
 */
export const useStoreCheckStore = defineStoreCheck({
  api: () => useSessionStore().api,
  asked: ASKED_STORE,
  shortName: DISPENSARY,
  mayList: () => true,
});

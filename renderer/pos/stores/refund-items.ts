import { defineRefundItemsStore } from '../../common/refund-items-store';
import { useSessionStore } from './session';

/** The lines of a return at the counter (renderer/common/refund-items-store.ts), with the POS's login. */
export const useRefundItemsStore = defineRefundItemsStore(() => useSessionStore().api);

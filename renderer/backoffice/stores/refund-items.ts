import { defineRefundItemsStore } from '../../common/refund-items-store';
import { useSessionStore } from './session';

export type { ItemsRefund } from '../../common/refund-items-store';

/** The refund dialog's "By items" (renderer/common/refund-items-store.ts), with the back office's login. */
export const useRefundItemsStore = defineRefundItemsStore(() => useSessionStore().api);

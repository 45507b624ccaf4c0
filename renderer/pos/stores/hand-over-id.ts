import { computed } from 'vue';
import type { QueueOrder } from '../../../shared/contracts/pickup';
import { idLineWords, idMatchRefusal } from '../logic/hand-over';
import { keepIdCheck, loadIdChecks, recalledIdCheck } from '../logic/kept-id-check';
import { useCatalogStore } from './catalog';
import { useCheckoutStore } from './checkout';
import type { HandOverState } from './hand-over-state';
import { useIdCheckStore } from './id-check';
import { terminal, useSessionStore } from './session';

/**
 * The ID check of the order handed over, part of the hand-over store: where the store's state rules
 * want it, the ID must be the order's customer's; one checked here for the order before stands
 * (kept on this computer), or is asked again with why (README "Handing over").
 */
export function handOverId(state: HandOverState) {
  const { order, need, idChecked, idNote, active } = state;
  const checkout = useCheckoutStore();

  /** The ID line of the review: "ID check needed: the order is for Ada L.", or that it passed. */
  const idWords = computed(() => {
    if (idChecked.value && idNote.value) return idNote.value;
    const words = idLineWords(idChecked.value, order.value?.customerName ?? null);
    return idNote.value ? `${words} ${idNote.value}` : words;
  });

  /** For an order opened again: an ID checked here for it before stands, or is asked again with why. */
  function recall(chosen: QueueOrder): void {
    idChecked.value = need.value.kind === 'none';
    idNote.value = '';
    if (need.value.kind !== 'customer') return;
    const kept = loadIdChecks(terminal.terminalId, new Date())[chosen.orderId];
    const recalled = recalledIdCheck(kept, need.value.customerId, useCatalogStore().timeZone, new Date());
    idChecked.value = recalled.checked;
    idNote.value = recalled.note;
  }

  /** Opens the ID check for the order's customer. */
  function checkId(): void {
    checkout.notice = '';
    useIdCheckStore().start('find');
  }

  /** Why the customer `customerId` (named `name`) may not take the order being handed over (null: they may). */
  function refusalFor(customerId: string, name: string): string | null {
    const current = order.value;
    if (!active.value || !current) return null;
    const refusal = idMatchRefusal(need.value, customerId, current.orderNumber, current.customerName, name);
    return refusal && need.value.kind === 'customer'
      ? `${refusal} Find the order's customer to hand it over.`
      : refusal;
  }

  /** The ID check passed for a customer: they take the order only if it names them. */
  function acceptChecked(): void {
    const idCheck = useIdCheckStore();
    const checked = idCheck.customer;
    const current = order.value;
    if (!checked || !idCheck.verification?.verified || !current) return;
    const refusal = idMatchRefusal(need.value, checked.id, current.orderNumber, current.customerName);
    idCheck.close();
    idChecked.value = refusal === null;
    idNote.value = '';
    checkout.notice = refusal ?? '';
    if (refusal !== null) return;
    const checkedBy = useSessionStore().user?.displayName ?? 'a cashier';
    const check = { customerId: checked.id, checkedBy, checkedAt: new Date().toISOString() };
    keepIdCheck(terminal.terminalId, current.orderId, check, new Date());
  }

  return { idWords, recall, checkId, refusalFor, acceptChecked };
}

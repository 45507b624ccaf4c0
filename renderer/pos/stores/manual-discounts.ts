import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ManagerApproval } from '../../../shared/contracts/cash';
import type { ManualDiscount } from '../../../shared/contracts/manual-discounts';
import { MANUAL_DISCOUNTS_MAX } from '../logic/manual-discounts';

/** Where the payment waits for a manager's PIN, and why the last one was refused ('' when none was). */
export interface ApprovalAsk {
  where: 'display' | 'pos';
  refusal: string;
}

/**
 * The discounts the cashier gives by hand on this sale (README "Manual discounts"): at most one per
 * line and one off the whole sale, sent with every quote and with the ticket; and the manager's
 * approval where the store's policy asks for one, held in memory for this sale only (never stored),
 * sent with the ticket alone; it covers the reward dollars typed by hand it was given with. It
 * knows no cart: the cart reads `given` into its request, the checkout
 * reads `approval`, and whoever changes them asks the cart for a new quote.
 */
export const useManualDiscountsStore = defineStore('manual-discounts', () => {
  const given = ref<ManualDiscount[]>([]);
  const approval = shallowRef<ManagerApproval | null>(null);
  /** The reward dollars by hand (cents) the approval covers: more typed after it needs another. */
  const rewardApproved = shallowRef(0);
  /** The payment waits for a manager's PIN (the dialog asking for it shows), or null. */
  const asking = shallowRef<ApprovalAsk | null>(null);

  /** The discount off the whole sale, if one was given. */
  const forSale = computed(() => given.value.find((discount) => discount.productId === undefined));
  const forLine = (productId: string) => given.value.find((discount) => discount.productId === productId);

  /** The sale's discounts with `discount` in place of the one it replaces (the same line's, or the sale's). */
  const withDiscount = (discount: ManualDiscount): ManualDiscount[] => [
    ...given.value.filter((entry) => entry.productId !== discount.productId),
    discount,
  ];
  /** Giving `discount` would pass the most one sale takes. */
  const tooMany = (discount: ManualDiscount) => withDiscount(discount).length > MANUAL_DISCOUNTS_MAX;

  /**
   * Gives (or changes) a discount. A manager approved what was on the sale then: what they approve
   * now (`approvedBy`, or null when the store asks for none) replaces it, with the `rewardCents` of
   * reward dollars by hand the sale had as they approved it.
   */
  function give(discount: ManualDiscount, approvedBy: ManagerApproval | null, rewardCents = 0): void {
    given.value = withDiscount(discount);
    approval.value = approvedBy;
    rewardApproved.value = approvedBy ? rewardCents : 0;
  }

  /** Removes the discount off `productId`'s line (undefined: the whole sale's). Less off needs no new approval. */
  function drop(productId: string | undefined): void {
    given.value = given.value.filter((entry) => entry.productId !== productId);
    if (given.value.length === 0) approval.value = null;
  }

  /** The payment waits for a manager's PIN, with why the last one was refused: it is typed again, never resent. */
  function ask(where: ApprovalAsk['where'], refusal = ''): void {
    approval.value = null;
    rewardApproved.value = 0;
    asking.value = { where, refusal };
  }

  /** The manager typed their PIN for the payment that waited, seeing `rewardCents` of reward dollars by hand. */
  function approve(approvedBy: ManagerApproval, rewardCents = 0): void {
    approval.value = approvedBy;
    rewardApproved.value = rewardCents;
    asking.value = null;
  }

  /** The sale ended: no discount and no PIN carry over to the next. */
  function forget(): void {
    given.value = [];
    approval.value = null;
    rewardApproved.value = 0;
    asking.value = null;
  }

  return {
    given,
    approval,
    rewardApproved,
    asking,
    forSale,
    forLine,
    withDiscount,
    tooMany,
    give,
    drop,
    ask,
    approve,
    forget,
  };
});

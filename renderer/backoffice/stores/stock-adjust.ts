import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  AdjustmentAnswer,
  AdjustmentReasons,
  AdjustmentRequest,
  AdjustmentView,
} from '../../../shared/contracts/inventory';
import type { ProductView } from '../../../shared/contracts/products';
import type { PackageView, ProductPackages } from '../../../shared/contracts/rooms';
import { useAdjustmentsStore } from './adjustments';
import { useSessionStore } from './session';
import { api, segment, SETUP } from './setup/setup-api';

const INVENTORY = `${SETUP}/inventory`;

/**
 * Adjusting one product's stock by hand (README "Inventory adjustments"): which product's dialog is
 * open, the store's reasons and its PIN policy (read once), and the adjustment saved. The service's
 * refusal is thrown, for the dialog to put beside its field.
 */
export const useStockAdjustStore = defineStore('stock-adjust', () => {
  /** The product being adjusted (null: the dialog is closed). */
  const product = shallowRef<ProductView | null>(null);
  const reasons = ref<AdjustmentReasons['reasons']>([]);
  /** The store's policy: null no PIN; 0 every adjustment; N changes of more than N units (grams). */
  const pinAbove = ref<number | null>(null);
  const loaded = ref(false);
  /** Managers and admins approve their own adjustments: the store never asks them for a PIN. */
  const approver = computed(() => useSessionStore().user?.permissions.includes('store:manage') ?? false);

  /** The store's reasons and PIN policy (once; again after a sign-out). */
  async function loadReasons(): Promise<void> {
    if (loaded.value) return;
    const answer = await api().get<AdjustmentReasons>(`${INVENTORY}/reasons`);
    reasons.value = answer.reasons;
    pinAbove.value = answer.pinAbove;
    loaded.value = true;
  }

  function open(view: ProductView): void {
    product.value = view;
  }

  function close(): void {
    product.value = null;
  }

  /**
   * The product's packages in every room, each with what it has on hand (the product's row says
   * what its whole sales floor has): the dialog adjusts one of them, the one that sells next unless
   * the manager chooses another.
   */
  async function packagesOf(view: ProductView): Promise<PackageView[]> {
    const path = `${SETUP}/products/${segment(view.productId)}/packages`;
    return (await api().get<ProductPackages>(path)).packages;
  }

  /** Saves one adjustment; the history reads it on its next showing. The refusal is thrown. */
  async function adjust(body: AdjustmentRequest): Promise<AdjustmentView> {
    const { adjustment } = await api().post<AdjustmentAnswer>(`${INVENTORY}/adjustments`, body);
    useAdjustmentsStore().stale();
    return adjustment;
  }

  /** Nothing open, the reasons read again (sign-out). */
  function reset(): void {
    product.value = null;
    reasons.value = [];
    pinAbove.value = null;
    loaded.value = false;
  }

  return { product, reasons, pinAbove, loaded, approver, loadReasons, packagesOf, open, close, adjust, reset };
});

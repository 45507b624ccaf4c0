import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  AdjustmentAnswer,
  AdjustmentReasons,
  AdjustmentRequest,
  AdjustmentView,
} from '../../../shared/contracts/inventory';
import type { ProductView } from '../../../shared/contracts/products';
import type { ProductPackages } from '../../../shared/contracts/rooms';
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
   * What the package adjusted (the one the product's next sale takes) has on hand. The product's row
   * says what its whole sales floor has, which is more once a delivery adds a package there.
   */
  async function packageOnHand(view: ProductView): Promise<number> {
    const path = `${SETUP}/products/${segment(view.productId)}/packages`;
    const { packages } = await api().get<ProductPackages>(path);
    return packages.find((pkg) => pkg.packageId === view.packageId)?.onHand ?? view.quantityOnHand;
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

  return { product, reasons, pinAbove, loaded, approver, loadReasons, packageOnHand, open, close, adjust, reset };
});

import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CopyTarget, CopyTargets, ProductCopyAnswer } from '../../../shared/contracts/product-copies';
import type { ProductView } from '../../../shared/contracts/products';
import { useSessionStore } from './session';
import { api, segment, SETUP } from './setup/setup-api';

/**
 * Copying a product to other stores of the organization (README "Products"), for an
 * organization-wide manager: whether the organization has other stores (learnt once), which
 * product's dialog is open, and its stores with why one cannot take it. A refused copy is thrown.
 */
export const useProductCopiesStore = defineStore('product-copies', () => {
  /** How many other stores the organization has (null: not known yet). */
  const otherStores = ref<number | null>(null);
  /** The product being copied (null: the dialog is closed). */
  const product = shallowRef<ProductView | null>(null);
  /** Its organization's other stores, by name, as last read. */
  const targets = ref<CopyTarget[]>([]);

  /** An organization-wide login managing the store: only it copies to other stores. */
  const mayCopy = computed(() => {
    const user = useSessionStore().user;
    return !!user && !user.dispensaryId && user.permissions.includes('store:manage');
  });
  /** The action shows for such a login when the organization has another store. */
  const offered = computed(() => mayCopy.value && (otherStores.value ?? 0) > 0);

  const path = (view: ProductView) => `${SETUP}/products/${segment(view.productId)}/copy`;

  /** Reads the other stores once, from any product: whether to offer the action at all. */
  async function learn(view: ProductView): Promise<void> {
    if (!mayCopy.value || otherStores.value !== null) return;
    otherStores.value = (await api().get<CopyTargets>(path(view))).stores.length;
  }

  /** Opens the dialog of `view` (which reads its stores). */
  function open(view: ProductView): void {
    product.value = view;
    targets.value = [];
  }

  /** Reads the open product's stores again (which have it now, which lack its tax class). */
  async function load(): Promise<void> {
    const view = product.value;
    if (!view) return;
    const stores = (await api().get<CopyTargets>(path(view))).stores;
    if (product.value === view) targets.value = stores;
  }

  function close(): void {
    product.value = null;
  }

  async function copy(to: string[]): Promise<ProductCopyAnswer> {
    const view = product.value;
    if (!view) throw new Error('No product is open.');
    return api().post<ProductCopyAnswer>(path(view), { to });
  }

  /** Back to nothing known (sign-out: the next login may be another organization's, or one store's). */
  function reset(): void {
    otherStores.value = null;
    product.value = null;
    targets.value = [];
  }

  return { otherStores, product, targets, mayCopy, offered, learn, open, load, close, copy, reset };
});

import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { ProductLabelRequest, ProductLabelResult } from '../../../shared/contracts/product-labels';
import type { ProductView } from '../../../shared/contracts/products';
import type { LabResults, ProductPackages } from '../../../shared/contracts/rooms';
import { api, segment, SETUP } from './setup/setup-api';

/**
 * Printing a product's shelf or package labels on one of the store's register printers (README
 * "Labels"): which product's dialog is open, and the printer last chosen (kept for the next product).
 * Printing answers the service's result; its refusal is thrown.
 */
export const useProductLabelsStore = defineStore('product-labels', () => {
  /** The product whose labels are being printed (null: the dialog is closed). */
  const product = shallowRef<ProductView | null>(null);
  /** The register whose printer printed last ('' until one is chosen). */
  const printer = ref('');

  function open(view: ProductView): void {
    product.value = view;
  }

  function close(): void {
    product.value = null;
  }

  async function print(request: ProductLabelRequest): Promise<ProductLabelResult> {
    const view = product.value;
    if (!view) throw new Error('No product is open.');
    if (request.printer) printer.value = request.printer;
    return api().post<ProductLabelResult>(`${SETUP}/products/${segment(view.productId)}/labels`, request);
  }

  /**
   * The lab results of the package the open product's next sale takes (whose THC and CBD its package
   * label states), null when it has none.
   */
  async function nextLab(): Promise<LabResults | null> {
    const view = product.value;
    if (!view) return null;
    const answer = await api().get<ProductPackages>(`${SETUP}/products/${segment(view.productId)}/packages`);
    return answer.packages.find((pkg) => pkg.packageId === view.packageId)?.lab ?? null;
  }

  /** Back to nothing open and no printer chosen (sign-out). */
  function reset(): void {
    product.value = null;
    printer.value = '';
  }

  return { product, printer, open, close, print, nextLab, reset };
});

import { defineStore } from 'pinia';
import { ref } from 'vue';
import { distinctTags } from '../../../shared/catalog/product-tags';
import type { ProductTags } from '../../../shared/contracts/products';
import { api, SETUP } from './setup/setup-api';

/**
 * The tags the store's products have (README "Products", "Deals"): what the product form and the
 * Deals form offer, so a deal is for a tag products have, spelled as they have it. Suggestions only:
 * a failure to read them leaves the tags to be typed.
 */
export const useProductTagsStore = defineStore('product-tags', () => {
  const tags = ref<string[]>([]);

  /** Reads them again (every product's, archived ones too, once each in any case). */
  async function load(): Promise<void> {
    tags.value = (await api().get<ProductTags>(`${SETUP}/product-tags`)).tags;
  }

  /** Adds the tags of a product just saved, without asking the service again. */
  function learn(more: readonly string[]): void {
    tags.value = distinctTags([tags.value, more]);
  }

  function reset(): void {
    tags.value = [];
  }

  return { tags, load, learn, reset };
});

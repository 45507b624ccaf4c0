import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { CatalogIndex } from '../logic/catalog-index';
import type { CatalogPage, CatalogProduct, Category } from '../logic/catalog-product';
import { terminal, useSessionStore } from './session';

export const DISPENSARY = terminal.dispensaryShortName;

interface StoreInfo {
  name: string;
  timezone: string;
  address: { street: string; city: string; state: string; zip: string };
}
const PAGE = 200;

/** The store's catalog, loaded once per sign-in and searched in memory. */
export const useCatalogStore = defineStore('catalog', () => {
  const index = shallowRef(new CatalogIndex([]));
  const categories = ref<Category[]>([]);
  const storeName = ref('');
  const storeAddress = ref('');
  const timeZone = ref('UTC');
  const loading = ref(false);
  const error = ref('');
  const query = ref('');
  const category = ref<string | null>(null);
  const results = computed(() => index.value.search(query.value, category.value));

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    loading.value = true;
    error.value = '';
    try {
      const products: CatalogProduct[] = [];
      let cursor: string | null = null;
      do {
        const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page: CatalogPage = await api.get(`/v2.0/dispensary/${DISPENSARY}/catalog?limit=${PAGE}${after}`);
        products.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      index.value = new CatalogIndex(products);
      const [groups, store] = await Promise.all([
        api.get<{ categories: Category[] }>(`/v2.0/dispensary/${DISPENSARY}/catalog/categories`),
        api.get<{ dispensary: StoreInfo }>(`/v2.0/dispensary/${DISPENSARY}`),
      ]);
      categories.value = groups.categories;
      storeName.value = store.dispensary.name;
      timeZone.value = store.dispensary.timezone;
      const { street, city, state, zip } = store.dispensary.address;
      storeAddress.value = `${street}, ${city}, ${state} ${zip}`;
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      loading.value = false;
    }
  }

  return { index, categories, storeName, storeAddress, timeZone, loading, error, query, category, results, load };
});

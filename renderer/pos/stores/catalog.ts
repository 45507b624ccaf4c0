import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { forgetStoreInfo, loadStoreInfo, type StoreInfo } from '../../common/store-info';
import { CatalogIndex } from '../logic/catalog-index';
import type { CatalogPage, CatalogProduct, Category } from '../logic/catalog-product';
import { terminal, useSessionStore } from './session';

export const DISPENSARY = terminal.dispensaryShortName;

const PAGE = 200;

/** The store's catalog, loaded once per sign-in and searched in memory. */
export const useCatalogStore = defineStore('catalog', () => {
  const index = shallowRef(new CatalogIndex([]));
  const categories = ref<Category[]>([]);
  const storeName = ref('');
  const storeAddress = ref('');
  const timeZone = ref('UTC');
  /** Whether the store runs a loyalty programme, as the store's information said at sign-in (null: not read). */
  const loyaltyOn = ref<boolean | null>(null);
  const loading = ref(false);
  const error = ref('');
  const query = ref('');
  const category = ref<string | null>(null);
  const results = computed(() => index.value.search(query.value, category.value));

  /** Every product and the categories, read again: what the search and the category tabs show. */
  async function readProducts(): Promise<void> {
    const { api } = useSessionStore();
    const products: CatalogProduct[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: CatalogPage = await api.get(`/v2.0/dispensary/${DISPENSARY}/catalog?limit=${PAGE}${after}`);
      products.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const groups = await api.get<{ categories: Category[] }>(`/v2.0/dispensary/${DISPENSARY}/catalog/categories`);
    index.value = new CatalogIndex(products);
    categories.value = groups.categories;
  }

  function showStore(store: StoreInfo): void {
    storeName.value = store.name;
    timeZone.value = store.timeZone;
    storeAddress.value = store.address;
    loyaltyOn.value = store.loyaltyOn;
  }

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    loading.value = true;
    error.value = '';
    try {
      const [, store] = await Promise.all([readProducts(), loadStoreInfo(api, DISPENSARY)]);
      showStore(store);
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      loading.value = false;
    }
  }

  /**
   * The live channel's `catalog.changed` (a manager changed a product): the catalog is read again
   * behind the screen, which keeps showing the one it has until then, and keeps it if the read fails.
   */
  async function refresh(): Promise<void> {
    await readProducts().catch(() => undefined);
  }

  /**
   * The live channel's `store.changed` (a manager changed the store's settings): the store is read
   * again, so the screens' times follow a new time zone and the receipt a new name or address; what
   * the window had stays if the read fails.
   */
  async function refreshStore(): Promise<void> {
    forgetStoreInfo();
    const store = await loadStoreInfo(useSessionStore().api, DISPENSARY).catch(() => undefined);
    if (store) showStore(store);
  }

  return {
    index,
    categories,
    storeName,
    storeAddress,
    timeZone,
    loyaltyOn,
    loading,
    error,
    query,
    category,
    results,
    load,
    refreshStore,
    refresh,
  };
});

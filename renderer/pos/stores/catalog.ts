import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, triggerRef } from 'vue';
import type { ProductStock, StockChange } from '../../../shared/contracts/live';
import { coalesce } from '../../common/coalesce';
import { forgetStoreInfo, loadStoreInfo, type StoreInfo } from '../../common/store-info';
import { CatalogIndex } from '../logic/catalog-index';
import type { CatalogPage, CatalogProduct, Category } from '../logic/catalog-product';
import { ProductBook } from '../logic/product-book';
import { terminal, useSessionStore } from './session';

export const DISPENSARY = terminal.dispensaryShortName;

const PAGE = 200;

/** A product as the screens hold it: Vue sees its fields change (its stock), wherever it is shown. */
const live = (product: CatalogProduct) => reactive(product) as CatalogProduct;

/**
 * The store's catalog, loaded at sign-in and searched in memory; its stock kept as the live channel
 * tells it moved, and the whole read again when a manager changed products or the channel was away.
 */
export const useCatalogStore = defineStore('catalog', () => {
  /** One object per product: a cart line holding one follows its stock too (logic/product-book.ts). */
  const book = new ProductBook(live);
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
  const results = computed(() => index.value.search(query.value, category.value).map(live));
  /** The stock the live channel told while a read of the whole catalog was on its way (laid over its answer). */
  let heardDuringRead: ProductStock[] | null = null;

  /**
   * Every product and the categories, read again: what the search and the category tabs show. Stock
   * the live channel told meanwhile is laid over the answer, which may have been read before it moved.
   */
  async function readProducts(): Promise<void> {
    const { api } = useSessionStore();
    const heard: ProductStock[] = [];
    heardDuringRead = heard;
    try {
      const products: CatalogProduct[] = [];
      let cursor: string | null = null;
      do {
        const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page: CatalogPage = await api.get(`/v2.0/dispensary/${DISPENSARY}/catalog?limit=${PAGE}${after}`);
        products.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      const groups = await api.get<{ categories: Category[] }>(`/v2.0/dispensary/${DISPENSARY}/catalog/categories`);
      const held = book.read(products);
      book.stock(heard);
      index.value = new CatalogIndex(held);
      categories.value = groups.categories;
    } finally {
      if (heardDuringRead === heard) heardDuringRead = null;
    }
  }

  /** One read of the whole catalog at a time, and at most one more behind it, however many ask. */
  const reread = coalesce(readProducts);

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
      const [, store] = await Promise.all([reread(), loadStoreInfo(api, DISPENSARY)]);
      showStore(store);
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      loading.value = false;
    }
  }

  /**
   * The live channel's `catalog.changed` (a manager changed a product), or the channel back after a
   * gap: the catalog is read again behind the screen, which keeps showing the one it has until then,
   * and keeps it if the read fails.
   */
  async function refresh(): Promise<void> {
    await reread().catch(() => undefined);
  }

  /**
   * The live channel's `stock.changed` (a sale, an online order, a cancel or hand-over, a register's
   * sales): the figures are put in place, nothing is read. Tiles, the in-stock-first search and a cart
   * line's quantity limit follow at once.
   */
  function stockChanged(change: StockChange): void {
    heardDuringRead?.push(...change.products);
    if (book.stock(change.products) > 0) triggerRef(index);
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
    stockChanged,
  };
});

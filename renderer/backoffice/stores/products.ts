import { defineStore } from 'pinia';
import { useLeaveGuard } from '../../common/use-leave-guard';
import { computed, ref, shallowRef } from 'vue';
import type { ProductAnswer, ProductCreate, ProductPage, ProductView } from '../../../shared/contracts/products';
import { coalesce } from '../../common/coalesce';
import { LatestRead } from '../../common/latest-read';
import { serviceSaid } from '../../common/refusal';
import { draftOf, patchOf, sameDraft, type ProductDraft } from '../logic/product-draft';
import { catalogQuery, productOfCatalog, type CatalogRowPage } from '../logic/catalog-rows';
import { brandsSeen, listQuery, NO_FILTERS, refreshPages, type ProductFilters } from '../logic/product-filters';
import { usePackagesStore } from './packages';
import { useProductCopiesStore } from './product-copies';
import { useProductLabelsStore } from './product-labels';
import { useProductTagsStore } from './product-tags';
import { useRoomsStore } from './rooms';
import { useReceivingStore } from './receiving';
import { useLabelPrintersStore } from './label-printers';
import { DISPENSARY, useSessionStore } from './session';
import { useStockAdjustStore } from './stock-adjust';
import { api, segment, SETUP } from './setup/setup-api';

const PRODUCTS = `${SETUP}/products`;
const PAGE = 50;

/** What the right-hand side shows: nothing, the open product's form, or a new product's. */
export type ProductPane = 'none' | 'edit' | 'add';

/**
 * The back office's Products (README "Products"): the store's products searched, filtered and paged,
 * one opened to change or archive, or a new one added. A change made anywhere (another manager, a
 * catalog import, a register) reads the rows shown again in place, leaving the filters, what is typed
 * and an open form alone. The form's draft lives here, so it outlasts a visit to another tab; leaving
 * it with changes unsaved asks first. Saving throws the service's refusal for the form to put in words.
 * A cashier (no `store:manage`) sees the catalog instead, searched and by category, to adjust stock.
 */
export const useProductsStore = defineStore('products', () => {
  /** What is typed in the search box, apart from the filters the list shows (a reload never touches it). */
  const typed = ref('');
  const filters = ref<ProductFilters>({ ...NO_FILTERS });
  const rows = ref<ProductView[]>([]);
  const nextCursor = ref<string | null>(null);
  const loaded = ref(false);
  const loading = ref(false);
  const reads = new LatestRead();
  const error = ref('');
  const brands = ref<string[]>([]);
  const pane = ref<ProductPane>('none');
  /** The product as its form was opened (a change is what differs from it). */
  const selected = shallowRef<ProductView | null>(null);
  /** True when the open product was changed elsewhere after its form was opened. */
  const changedElsewhere = ref(false);
  /** What the last save did, for a status line. */
  const message = ref('');
  /** The open form as typed, and as it was opened (or last saved). */
  const draft = ref<ProductDraft>(draftOf(null));
  const baseline = shallowRef<ProductDraft>(draftOf(null));
  const unsaved = computed(() => pane.value !== 'none' && !sameDraft(draft.value, baseline.value));
  /** Opening another one, adding one or closing the form asks first when changes are unsaved. */
  const { leaving, leave, answerLeaving } = useLeaveGuard(unsaved);

  /** Managers and admins set products up; anyone else who adjusts stock reads the catalog. */
  const manages = computed(() => useSessionStore().user?.permissions.includes('store:manage') ?? false);

  const words = (failure: unknown) => serviceSaid(failure, 'The service could not answer. Try again.');
  async function page(asked: ProductFilters, limit: number, cursor?: string | null): Promise<ProductPage> {
    if (manages.value) return api().get<ProductPage>(`${PRODUCTS}?${listQuery(asked, limit, cursor)}`);
    const catalog = await api().get<CatalogRowPage>(
      `/v2.0/dispensary/${DISPENSARY}/catalog?${catalogQuery(asked, limit, cursor)}`,
    );
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      products: catalog.items.map(productOfCatalog),
      nextCursor: catalog.nextCursor,
    };
  }

  function show(products: ProductView[], cursor: string | null): void {
    rows.value = products;
    nextCursor.value = cursor;
    brands.value = brandsSeen(
      brands.value,
      products.map((product) => product.brand),
    );
  }

  /**
   * The first page of products under `next` filters (the search box's words by default). Only the
   * last filters asked are shown: an earlier read answering late (the list opening, another type
   * chosen) is dropped, with its failure.
   */
  async function apply(next: Partial<ProductFilters> = {}): Promise<void> {
    filters.value = { ...filters.value, search: typed.value, ...next };
    await reads.run(
      { loading, error },
      () => page(filters.value, PAGE),
      (first) => {
        show(first.products, first.nextCursor);
        loaded.value = true;
      },
      words,
    );
  }

  /** The next page, under the same filters (none while a read is on its way; dropped when filters change). */
  async function more(): Promise<void> {
    const cursor = nextCursor.value;
    if (!cursor || loading.value) return;
    await reads.run(
      { loading, error },
      () => page(filters.value, PAGE, cursor),
      (next) => show([...rows.value, ...next.products], next.nextCursor),
      words,
    );
  }

  /** Reads the rows shown again (as many as were shown, under the same filters). */
  const reread = coalesce(async () => {
    const shown: ProductView[] = [];
    let cursor: string | null = null;
    const asked = filters.value;
    for (const size of refreshPages(rows.value.length, PAGE)) {
      const next: ProductPage = await page(asked, size, cursor);
      shown.push(...next.products);
      cursor = next.nextCursor;
      if (!cursor) break;
    }
    // Filters changed while reading: the list the manager asked for since is the one to show.
    if (asked === filters.value) show(shown, cursor);
  });

  /** The live channel's `catalog.changed` (empty `productIds`: a catalog import, or events missed). */
  async function changed(productIds: readonly string[]): Promise<void> {
    if (!loaded.value) return;
    const open = selected.value;
    if (open && pane.value === 'edit' && (productIds.length === 0 || productIds.includes(open.productId))) {
      const now = await api()
        .get<ProductAnswer>(`${PRODUCTS}/${segment(open.productId)}`)
        .catch(() => null);
      // Nothing typed: the form shows the product as it is now. Something typed: it stays, and says so.
      if (now && selected.value === open && now.product.updatedAt !== open.updatedAt) {
        if (unsaved.value) changedElsewhere.value = true;
        else edit(now.product);
      }
    }
    await reread().catch((failure: unknown) => {
      error.value = words(failure);
    });
  }

  /** Opens a product's form, with its fields as they are now. */
  async function open(product: ProductView): Promise<void> {
    error.value = '';
    try {
      const { product: now } = await api().get<ProductAnswer>(`${PRODUCTS}/${segment(product.productId)}`);
      message.value = '';
      changedElsewhere.value = false;
      edit(now);
    } catch (failure) {
      error.value = words(failure);
    }
  }

  /** The form of `product` as it is now (saved, or opened). */
  function edit(product: ProductView): void {
    selected.value = product;
    baseline.value = draftOf(product);
    draft.value = draftOf(product);
    pane.value = 'edit';
  }

  function startAdding(): void {
    message.value = '';
    selected.value = null;
    changedElsewhere.value = false;
    baseline.value = draftOf(null);
    draft.value = draftOf(null);
    pane.value = 'add';
  }

  function close(): void {
    message.value = '';
    pane.value = 'none';
    selected.value = null;
    changedElsewhere.value = false;
  }

  function replace(product: ProductView): void {
    rows.value = rows.value.map((row) => (row.productId === product.productId ? product : row));
  }

  /**
   * Saves the form: a new product is added, an open one changed in the fields that differ from how
   * it was opened. Answers what was done in words; the service's refusal is thrown.
   */
  async function save(body: ProductCreate): Promise<string> {
    const opened = selected.value;
    if (!opened) {
      const { product } = await api().post<ProductAnswer>(PRODUCTS, body);
      useProductTagsStore().learn(product.tags);
      rows.value = [product, ...rows.value];
      edit(product);
      return (message.value = `Added ${product.name}. It has no stock yet: receive it from a delivery (Receiving), or import a catalog file.`);
    }
    const patch = patchOf(opened, body);
    if (Object.keys(patch).length === 0) return (message.value = 'Nothing changed.');
    const path = `${PRODUCTS}/${segment(opened.productId)}`;
    const { product } = await api().patch<ProductAnswer>(path, patch);
    useProductTagsStore().learn(product.tags);
    replace(product);
    edit(product);
    changedElsewhere.value = false;
    return (message.value = `Saved ${product.name}.`);
  }

  /** Archives the open product (`archive`) or brings it back; the service's refusal is thrown. */
  async function setArchived(archive: boolean): Promise<string> {
    const opened = selected.value;
    if (!opened) throw new Error('No product is open.');
    const path = `${PRODUCTS}/${segment(opened.productId)}/${archive ? 'archive' : 'unarchive'}`;
    const { product } = await api().post<ProductAnswer>(path);
    // It leaves the list of products on sale for the archived ones' (or back).
    if (product.archived === filters.value.archived) replace(product);
    else rows.value = rows.value.filter((row) => row.productId !== product.productId);
    selected.value = product;
    return (message.value = archive
      ? `Archived ${product.name}: it is off the registers. Archived products are under "Archived".`
      : `Brought back ${product.name}: the registers sell it again.`);
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    reads.dropAll();
    typed.value = '';
    filters.value = { ...NO_FILTERS };
    rows.value = [];
    nextCursor.value = null;
    loaded.value = false;
    loading.value = false;
    error.value = '';
    brands.value = [];
    close();
    leaving.value = null;
    message.value = '';
    useProductLabelsStore().reset();
    useProductCopiesStore().reset();
    useProductTagsStore().reset();
    useStockAdjustStore().reset();
    usePackagesStore().reset();
    useRoomsStore().reset();
    useReceivingStore().reset();
    useLabelPrintersStore().reset();
  }

  return {
    typed,
    filters,
    manages,
    rows,
    nextCursor,
    loaded,
    loading,
    error,
    brands,
    pane,
    selected,
    changedElsewhere,
    message,
    draft,
    unsaved,
    leaving,
    apply,
    more,
    changed,
    open,
    startAdding,
    leave,
    answerLeaving,
    close,
    save,
    setArchived,
    reset,
  };
});

import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { ProductView } from '../../../shared/contracts/products';
import type {
  PackageDetailsAnswer,
  PackageDetailsRequest,
  PackageMoveAnswer,
  PackageMoveRequest,
  PackageView,
  ProductPackages,
} from '../../../shared/contracts/rooms';
import { zonedDate } from '../../../shared/zoned-day';
import type { ProductLabelResult } from '../../../shared/contracts/product-labels';
import { labelPrintWords } from '../../../shared/label-print-words';
import { refusalWords } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { detailsSavedWords } from '../logic/package-details';
import { movedWords } from '../logic/room-words';
import { useLabelPrintersStore } from './label-printers';
import { useRoomsStore } from './rooms';
import { DISPENSARY, useSessionStore } from './session';
import { api, segment, SETUP } from './setup/setup-api';

/**
 * One product's packages (README "Rooms and packages"): which product's dialog is open, its packages
 * in every room (the one its next sale takes first) and the store's rooms to move one to. A move
 * reads the list again and answers what it did; the service's refusal is thrown, for the dialog to
 * put beside its control. A move made elsewhere (live) reads the open list again.
 */
export const usePackagesStore = defineStore('packages', () => {
  /** The product whose packages are shown (null: the dialog is closed). */
  const product = shallowRef<ProductView | null>(null);
  const rows = ref<PackageView[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref('');
  /** The store's time zone (the window's copy, store-info.ts): its today says how far each expiry is. */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);
  /** The store's calendar day (YYYY-MM-DD), as the list was last read. */
  const today = ref(zonedDate(new Date(), timeZone.value));

  async function load(): Promise<void> {
    const open = product.value;
    if (!open) return;
    loading.value = true;
    error.value = '';
    try {
      const answer = await api().get<ProductPackages>(`${SETUP}/products/${segment(open.productId)}/packages`);
      if (product.value !== open) return;
      rows.value = answer.packages;
      today.value = zonedDate(new Date(), timeZone.value);
      loaded.value = true;
    } catch (failure) {
      error.value = refusalWords(failure, `The packages of ${open.name} could not be read. Close and try again.`);
    } finally {
      loading.value = false;
    }
  }

  /** Opens a product's packages (the dialog reads them). */
  function open(view: ProductView): void {
    product.value = view;
    rows.value = [];
    loaded.value = false;
    error.value = '';
  }

  /** The open product's packages, the store's zone and rooms (rooms read once), as the dialog opens. */
  async function read(): Promise<void> {
    const rooms = useRoomsStore();
    const store = await loadStoreInfo(useSessionStore().api, DISPENSARY).catch(() => undefined);
    if (store) timeZone.value = store.timeZone;
    await Promise.all([load(), rooms.loaded ? Promise.resolve() : rooms.load()]);
  }

  function close(): void {
    product.value = null;
    rows.value = [];
    loaded.value = false;
    error.value = '';
  }

  /** Moves a whole package; the list (and the rooms' counts) read again. The refusal is thrown. */
  async function move(body: PackageMoveRequest): Promise<string> {
    const answer = await api().post<PackageMoveAnswer>(`${SETUP}/inventory/moves`, body);
    await Promise.all([load(), useRoomsStore().load()]);
    return movedWords(answer.move);
  }

  /** Sets a package's dates or lab results; the list reads again. The refusal is thrown. */
  async function setDetails(packageId: string, body: PackageDetailsRequest): Promise<string> {
    const answer = await api().patch<PackageDetailsAnswer>(`${SETUP}/inventory/packages/${segment(packageId)}`, body);
    await load();
    return detailsSavedWords(answer.package, today.value);
  }

  /**
   * Prints one package's label (by its id): its own quantity and tag; answers what happened in words
   * and whether it printed. The refusal is thrown.
   */
  async function printLabel(
    pkg: PackageView,
    request: { copies: number; printer?: string },
  ): Promise<{ printed: boolean; words: string }> {
    if (request.printer) useLabelPrintersStore().printer = request.printer;
    const result = await api().post<ProductLabelResult>(`${SETUP}/products/${segment(pkg.productId)}/labels`, {
      kind: 'package',
      package: pkg.packageId,
      ...request,
    });
    return {
      printed: result.printed,
      words: labelPrintWords({ ...result, productName: `${result.productName} (${pkg.label})` }),
    };
  }

  /** Products changed (live; [] after a gap: any of them): the open product's packages read again. */
  async function changed(productIds: readonly string[]): Promise<void> {
    const open = product.value;
    if (!open || loading.value) return;
    if (productIds.length === 0 || productIds.includes(open.productId)) await load();
  }

  return {
    product,
    rows,
    loaded,
    loading,
    error,
    today,
    open,
    read,
    close,
    load,
    move,
    setDetails,
    printLabel,
    changed,
    reset: close,
  };
});

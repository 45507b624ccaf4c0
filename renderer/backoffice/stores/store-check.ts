import { defineStore } from 'pinia';
import { ref } from 'vue';
import { ApiError } from '../../common/http';
import { LatestRead } from '../../common/latest-read';
import { loadStoreInfo } from '../../common/store-info';
import { isShortName } from '../../common/terminal';
import type { OpenableStore, StoreRefusal } from '../logic/store-check-words';
import { ASKED_STORE, DISPENSARY, useSessionStore } from './session';

/** Where the back office stands with the store of its address. */
export type StoreVerdict = 'checking' | 'open' | StoreRefusal;

/** The chain's summary names every store the person may see; its figures are not read here. */
interface ChainStores {
  stores: { dispensaryShortName: string; dispensaryName: string }[];
}

/**
 * The store of the address, read once a manager signs in and before any screen opens: a store the
 * service does not know (404), or one this login may not act for (403), opens no screen, so none
 * asks again and again what the service already refused, and no time is shown outside the store's
 * zone. A failure without the service's answer (a network failure) opens the screens as before:
 * each reads again as it always did. The live channel's 404 closes them the same way.
 */
export const useStoreCheckStore = defineStore('store-check', () => {
  const verdict = ref<StoreVerdict>('checking');
  /** The stores this person may open instead, by name (empty until listed, or when none could be). */
  const stores = ref<OpenableStore[]>([]);
  const reads = new LatestRead();

  /** Reads the store (its name and zone stay cached for the screens) and gives the verdict. */
  async function check(): Promise<void> {
    const last = reads.begin();
    verdict.value = 'checking';
    stores.value = [];
    // An address whose store cannot be a short name opens no store (not the default one).
    if (ASKED_STORE !== null && ASKED_STORE !== '' && !isShortName(ASKED_STORE)) return refuse('unknown', last);
    try {
      await loadStoreInfo(useSessionStore().api, DISPENSARY);
      if (last()) verdict.value = 'open';
    } catch (failure) {
      if (!last()) return;
      const status = failure instanceof ApiError ? failure.status : 0;
      if (status === 404) return refuse('unknown', last);
      if (status === 403) return refuse('not-yours', last);
      // Signed out meanwhile (401): the login screen shows; anything else opens the screens as before.
      if (status !== 401) verdict.value = 'open';
    }
  }

  /** The service says the store is not there (the live channel's 404): every screen closes. */
  function gone(): Promise<void> {
    return refuse('unknown', reads.begin());
  }

  /** The page says it once, whole: with the stores to open instead once they are listed. */
  async function refuse(refusal: StoreRefusal, last: () => boolean): Promise<void> {
    const listed = await openable();
    if (!last()) return;
    stores.value = listed;
    verdict.value = refusal;
  }

  /** Every store of the organization this login may see (`GET /v2.0/reports/summary`), by name. */
  async function openable(): Promise<OpenableStore[]> {
    const day = new Date().toISOString().slice(0, 10);
    try {
      const answer = await useSessionStore().api.get<ChainStores>(`/v2.0/reports/summary?from=${day}&to=${day}`);
      return answer.stores.map((store) => ({ shortName: store.dispensaryShortName, name: store.dispensaryName }));
    } catch {
      // No reports for this login, or no answer: the page says where a short name is found instead.
      return [];
    }
  }

  /** Signed out: the next login's store is checked again (it may be limited to another one). */
  function reset(): void {
    reads.dropAll();
    verdict.value = 'checking';
    stores.value = [];
  }

  return { verdict, stores, check, gone, reset };
});

import { defineStore } from 'pinia';
import { ref } from 'vue';
import { ApiError, type Api } from './http';
import { LatestRead } from './latest-read';
import { readableStores } from './readable-stores';
import type { OpenableStore, StoreRefusal } from './store-check-words';
import { loadStoreInfo } from './store-info';
import { opensNoStore } from './terminal';

/** Where a window stands with the store of its address. */
export type StoreVerdict = 'checking' | 'open' | StoreRefusal;

/** What a window's check of its store needs. */
export interface StoreCheckOptions {
  /** The API of the window's login. */
  api: () => Api;
  /** The store the address asks for, as typed (`askedStore()`). */
  asked: string | null;
  /** The store the window would open (`terminalContext().dispensaryShortName`). */
  shortName: string;
  /** Whether the login may list the organization's stores (`audit:read`); a cashier's or a display's may not. */
  mayList: () => boolean;
}

/**
 * The store of the address, read once a login begins and before any screen opens: a store the
 * service does not know (404), or one this login may not act for (403), opens no screen, so none
 * asks again and again what the service already refused, and no time is shown outside the store's
 * zone. A failure without the service's answer (a network failure) opens the screens as before:
 * each reads again as it always did. What was read (name, zone) stays cached for the screens.
 */
export const defineStoreCheck = (options: StoreCheckOptions) =>
  defineStore('store-check', () => {
    const verdict = ref<StoreVerdict>('checking');
    /** The stores this login may open instead, by name (empty until listed, or when none can be). */
    const stores = ref<OpenableStore[]>([]);
    const reads = new LatestRead();

    async function check(): Promise<void> {
      const last = reads.begin();
      verdict.value = 'checking';
      stores.value = [];
      // An address whose store cannot be a short name opens no store (not the default one).
      if (opensNoStore(options.asked)) return refuse('unknown', last);
      try {
        await loadStoreInfo(options.api(), options.shortName);
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

    /** The service says the store is not there (a live channel's 404): every screen closes. */
    function gone(): Promise<void> {
      return refuse('unknown', reads.begin());
    }

    /** The page says it once, whole: with the stores to open instead once they are listed. */
    async function refuse(refusal: StoreRefusal, last: () => boolean): Promise<void> {
      const listed = options.mayList() ? await readableStores(options.api()) : [];
      if (!last()) return;
      stores.value = listed;
      verdict.value = refusal;
    }

    /** Signed out: the next login's store is checked again (it may be limited to another one). */
    function reset(): void {
      reads.dropAll();
      verdict.value = 'checking';
      stores.value = [];
    }

    return { verdict, stores, check, gone, reset };
  });

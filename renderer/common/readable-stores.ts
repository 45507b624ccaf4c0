import type { Api } from './http';
import type { OpenableStore } from './store-check-words';

/** The chain's summary names every store the person may see; its figures are not read here. */
interface ChainStores {
  stores: { dispensaryShortName: string; dispensaryName: string }[];
}

/**
 * Every store of the organization this login may read (`GET /v2.0/reports/summary` of one day names
 * them, by name; a store's own login its store alone): the service decides, as it does for every
 * report. Empty when they could not be listed.
 */
export async function readableStores(api: Api): Promise<OpenableStore[]> {
  const day = new Date().toISOString().slice(0, 10);
  try {
    const answer = await api.get<ChainStores>(`/v2.0/reports/summary?from=${day}&to=${day}`);
    return answer.stores.map((store) => ({ shortName: store.dispensaryShortName, name: store.dispensaryName }));
  } catch {
    return [];
  }
}

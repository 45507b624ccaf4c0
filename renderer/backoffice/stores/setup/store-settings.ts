import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { LocationView, StoreSettings, StoreSettingsUpdate } from '../../../../shared/contracts/setup';
import { api, SETUP } from './setup-api';

/**
 * The store itself: its settings (name, time zone, hours, preparation time) and its locations.
 * Actions throw the service's refusal (ApiError); forms show it (common/use-service-call.ts).
 */
export const useStoreSettingsStore = defineStore('store-settings', () => {
  const store = shallowRef<StoreSettings | null>(null);
  const locations = ref<LocationView[]>([]);
  /** The store's time zone once known (every time shown is in it), else the computer's. */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);

  function keep(settings: StoreSettings): void {
    store.value = settings;
    timeZone.value = settings.timezone;
  }

  async function load(): Promise<void> {
    keep((await api().get<{ store: StoreSettings }>(`${SETUP}/store`)).store);
  }

  async function save(changes: StoreSettingsUpdate): Promise<StoreSettings> {
    const saved = (await api().put<{ store: StoreSettings }>(`${SETUP}/store`, changes)).store;
    keep(saved);
    return saved;
  }

  async function loadLocations(): Promise<void> {
    locations.value = (await api().get<{ locations: LocationView[] }>(`${SETUP}/locations`)).locations;
  }

  async function addLocation(name: string): Promise<LocationView> {
    const { location } = await api().post<{ location: LocationView }>(`${SETUP}/locations`, { name });
    await loadLocations();
    return location;
  }

  async function renameLocation(id: string, name: string): Promise<LocationView> {
    const { location } = await api().put<{ location: LocationView }>(`${SETUP}/locations/${id}`, { name });
    await loadLocations();
    return location;
  }

  /** A location's name by id ('' when unknown). */
  const locationName = (id: string) => locations.value.find((location) => location.id === id)?.name ?? '';

  function reset(): void {
    store.value = null;
    locations.value = [];
  }

  return { store, locations, timeZone, load, save, loadLocations, addLocation, renameLocation, locationName, reset };
});

import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type {
  LoadedProfileView,
  LocationView,
  StateProfilesAnswer,
  StoreSettings,
  StoreSettingsUpdate,
} from '../../../../shared/contracts/setup';
import { forgetStoreInfo } from '../../../common/store-info';
import { api, SETUP } from './setup-api';

/**
 * The store itself: its settings (name, time zone, hours, preparation time), the state profiles it
 * may enforce (those the service loaded) and its locations.
 * Actions throw the service's refusal (ApiError); forms show it (common/use-service-call.ts).
 */
export const useStoreSettingsStore = defineStore('store-settings', () => {
  const store = shallowRef<StoreSettings | null>(null);
  const locations = ref<LocationView[]>([]);
  /** The state rules the store may enforce, as the service loaded them (shipped, and the operator's). */
  const profiles = shallowRef<LoadedProfileView[]>([]);
  /** The store's time zone once known (every time shown is in it), else the computer's. */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);

  function keep(settings: StoreSettings): void {
    store.value = settings;
    timeZone.value = settings.timezone;
  }

  async function load(): Promise<void> {
    const [settings, loaded] = await Promise.all([
      api().get<{ store: StoreSettings }>(`${SETUP}/store`),
      api().get<StateProfilesAnswer>(`${SETUP}/state-profiles`),
    ]);
    profiles.value = loaded.profiles;
    keep(settings.store);
  }

  async function save(changes: StoreSettingsUpdate): Promise<StoreSettings> {
    const saved = (await api().put<{ store: StoreSettings }>(`${SETUP}/store`, changes)).store;
    keep(saved);
    // The window's other screens read the store's name, address and time zone again when next shown.
    forgetStoreInfo();
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
    profiles.value = [];
  }

  return {
    store,
    locations,
    profiles,
    timeZone,
    load,
    save,
    loadLocations,
    addLocation,
    renameLocation,
    locationName,
    reset,
  };
});

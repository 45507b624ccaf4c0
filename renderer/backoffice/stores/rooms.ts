import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Room, RoomAnswer, RoomCreate, RoomUpdate, Rooms } from '../../../shared/contracts/rooms';
import { refusalWords } from '../../common/refusal';
import { useSessionStore } from './session';
import { api, segment, SETUP } from './setup/setup-api';

const ROOMS = `${SETUP}/rooms`;

/**
 * The store's rooms (README "Rooms and packages"): the sales floor, then the rooms its managers add,
 * with the packages with stock in each. Anyone who adjusts stock reads them (to move a package); a
 * manager adds, renames, archives or brings one back, the service's refusal thrown for the form.
 */
export const useRoomsStore = defineStore('rooms', () => {
  const rows = ref<Room[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref('');
  /** True while the Products tab shows the rooms (kept across a visit to another tab). */
  const visible = ref(false);
  /** Managers and admins add and change rooms; anyone else who adjusts stock reads them. */
  const manages = computed(() => useSessionStore().user?.permissions.includes('store:manage') ?? false);

  async function load(): Promise<void> {
    loading.value = true;
    error.value = '';
    try {
      rows.value = (await api().get<Rooms>(ROOMS)).rooms;
      loaded.value = true;
    } catch (failure) {
      error.value = refusalWords(failure, 'The rooms could not be read. Try again.');
    } finally {
      loading.value = false;
    }
  }

  /** Adds a room; the list reads again (it is sorted by the service). */
  async function add(body: RoomCreate): Promise<Room> {
    const { room } = await api().post<RoomAnswer>(ROOMS, body);
    await load();
    return room;
  }

  /** Renames a room, archives it or brings it back; the list reads again. */
  async function update(id: string, body: RoomUpdate): Promise<Room> {
    const { room } = await api().patch<RoomAnswer>(`${ROOMS}/${segment(id)}`, body);
    await load();
    return room;
  }

  /** Stock moved somewhere (live): the packages in each room are read again while the list is shown. */
  async function changed(): Promise<void> {
    if (visible.value && loaded.value && !loading.value) await load();
  }

  function reset(): void {
    rows.value = [];
    loaded.value = false;
    error.value = '';
    visible.value = false;
  }

  return { rows, loaded, loading, error, visible, manages, load, add, update, changed, reset };
});

import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { BackupStatus } from '../../../shared/contracts/backup';
import { loadStoreInfo } from '../../common/store-info';
import { DISPENSARY, useSessionStore } from './session';

/** How old a backup may get before the line warns (a day's schedule, plus a missed run). */
const STALE_MS = 2 * 24 * 60 * 60 * 1000;

/** The back office's line about the register's last backup. */
export const useBackupsStore = defineStore('backups', () => {
  const status = shallowRef<BackupStatus | null>(null);
  const timeZone = ref('');
  const failed = ref(false);

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    try {
      const [answer, store] = await Promise.all([
        api.get<BackupStatus>('/v2.0/backups/latest'),
        loadStoreInfo(api, DISPENSARY),
      ]);
      status.value = answer;
      timeZone.value = store.timeZone;
      failed.value = false;
    } catch {
      failed.value = true;
    }
  }

  /** True when the register has no backup, or none in two days. */
  function stale(now = new Date()): boolean {
    const current = status.value;
    if (!current || current.engine !== 'sqlite') return false;
    return !current.last || now.getTime() - Date.parse(current.last.finishedAt) > STALE_MS;
  }

  return { status, timeZone, failed, load, stale };
});

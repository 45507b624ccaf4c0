import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { BackupStatus } from '../../../shared/contracts/backup';
import { loadStoreInfo } from '../../common/store-info';
import { backupWarns } from '../logic/backup-words';
import { DISPENSARY, useSessionStore } from './session';

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

  /** True when the register has no backup, none in two days, or its last automatic one failed. */
  function stale(now = new Date()): boolean {
    return status.value !== null && backupWarns(status.value, now);
  }

  return { status, timeZone, failed, load, stale };
});

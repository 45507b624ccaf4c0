import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { LinkStatus } from '../../../shared/contracts/registers';

/**
 * An attached register's link to its store server, as the live channel's `link.updated` tells it
 * (the service checks every second); null on a standalone register.
 */
export const useServerLinkStore = defineStore('server-link', () => {
  const status = ref<LinkStatus | null>(null);
  /** The server does not answer, or refuses this register: the offline banner shows. */
  const offline = computed(() => status.value?.reachable === false);

  function update(next: LinkStatus): void {
    status.value = next;
  }

  return { status, offline, update };
});

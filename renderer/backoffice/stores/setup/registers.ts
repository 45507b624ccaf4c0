import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ForwardExceptionView, RegisterView } from '../../../../shared/contracts/registers';
import { api, segment, SETUP } from './setup-api';

/**
 * The registers attached to this store server, and the sales they forwarded that were not applied
 * exactly as made (the exceptions report). Actions throw the service's refusal.
 */
export const useRegistersStore = defineStore('registers', () => {
  const registers = ref<RegisterView[]>([]);
  const exceptions = ref<ForwardExceptionView[]>([]);

  async function load(): Promise<void> {
    registers.value = (await api().get<{ registers: RegisterView[] }>(`${SETUP}/registers`)).registers;
  }

  /** Revokes a register: it no longer syncs with this server until it is attached again. */
  async function revoke(registerId: string): Promise<void> {
    await api().post(`${SETUP}/registers/${segment(registerId)}/revoke`);
    await load();
  }

  async function loadExceptions(): Promise<void> {
    const answer = await api().get<{ exceptions: ForwardExceptionView[] }>(`${SETUP}/registers/exceptions`);
    exceptions.value = answer.exceptions;
  }

  return { registers, exceptions, load, revoke, loadExceptions };
});

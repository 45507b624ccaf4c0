import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  ApiClientView,
  ImportReport,
  NewApiClientInput,
  NewStaffInput,
  StaffView,
} from '../../../../shared/contracts/setup-people';
import { api, segment, SETUP } from './setup-api';

/** The store's staff logins, its API clients and its catalog import. Actions throw the service's refusal. */
export const usePeopleStore = defineStore('people', () => {
  const staff = ref<StaffView[]>([]);
  const clients = ref<ApiClientView[]>([]);

  async function loadStaff(): Promise<void> {
    staff.value = (await api().get<{ staff: StaffView[] }>(`${SETUP}/staff`)).staff;
  }

  async function addStaff(input: NewStaffInput): Promise<StaffView> {
    const added = (await api().post<{ staff: StaffView }>(`${SETUP}/staff`, input)).staff;
    await loadStaff();
    return added;
  }

  async function setDisabled(username: string, disabled: boolean): Promise<void> {
    await api().post(`${SETUP}/staff/${segment(username)}/${disabled ? 'disable' : 'enable'}`);
    await loadStaff();
  }

  async function setPassword(username: string, password: string): Promise<void> {
    await api().post(`${SETUP}/staff/${segment(username)}/password`, { password });
    await loadStaff();
  }

  /** Sets (or with null, removes) a manager's PIN approving guarded cash movements. */
  async function setPin(username: string, pin: string | null): Promise<void> {
    await api().post(`${SETUP}/staff/${segment(username)}/pin`, { pin });
    await loadStaff();
  }

  async function loadClients(): Promise<void> {
    clients.value = (await api().get<{ clients: ApiClientView[] }>(`${SETUP}/api-clients`)).clients;
  }

  /** Issues a client; its secret is in the answer only, never stored here. */
  async function issueClient(input: NewApiClientInput): Promise<{ client: ApiClientView; clientSecret: string }> {
    const issued = await api().post<{ client: ApiClientView; clientSecret: string }>(`${SETUP}/api-clients`, input);
    await loadClients();
    return issued;
  }

  async function disableClient(clientId: string): Promise<void> {
    await api().post(`${SETUP}/api-clients/${segment(clientId)}/disable`);
    await loadClients();
  }

  /** Sends a catalog file to the service, which checks and imports it as `servicepay catalog import` does. */
  function importCatalog(fileName: string, text: string): Promise<ImportReport> {
    return api().post<ImportReport>(`${SETUP}/catalog/import`, { fileName, text });
  }

  function reset(): void {
    staff.value = [];
    clients.value = [];
  }

  return {
    staff,
    clients,
    loadStaff,
    addStaff,
    setDisabled,
    setPassword,
    setPin,
    loadClients,
    issueClient,
    disableClient,
    importCatalog,
    reset,
  };
});

import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PrinterView, PrintResult } from '../../../../shared/contracts/printers';
import { api, segment, SETUP } from './setup-api';

/** What setting a register's receipt printer sends. */
export type PrinterInput = Pick<PrinterView, 'address' | 'paperWidth' | 'openDrawerOnCash'>;

/** A receipt printer per register: set, tested and removed by the store's managers. Actions throw the refusal. */
export const usePrintersStore = defineStore('printers', () => {
  const printers = ref<PrinterView[]>([]);

  async function load(): Promise<void> {
    printers.value = (await api().get<{ printers: PrinterView[] }>(`${SETUP}/printers`)).printers;
  }

  async function save(terminalId: string, input: PrinterInput): Promise<PrinterView> {
    const path = `${SETUP}/printers/${segment(terminalId)}`;
    const { printer } = await api().put<{ printer: PrinterView }>(path, input);
    await load();
    return printer;
  }

  /** Prints a test page on the register's printer; answers whether it printed, and why not. */
  async function test(terminalId: string): Promise<PrintResult> {
    return api().post<PrintResult>(`${SETUP}/printers/${segment(terminalId)}/test`);
  }

  async function remove(terminalId: string): Promise<void> {
    await api().delete(`${SETUP}/printers/${segment(terminalId)}`);
    await load();
  }

  return { printers, load, save, test, remove };
});

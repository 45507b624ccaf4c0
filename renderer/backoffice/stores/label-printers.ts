import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PrinterView } from '../../../shared/contracts/printers';
import type { ReceiptLabelRequest, ReceiptLabelResult } from '../../../shared/contracts/receipt-labels';
import { ApiError } from '../../common/http';
import { api, segment, SETUP } from './setup/setup-api';

/**
 * The register printers a delivery's or one package's labels print on (README "Labels"), and the
 * one chosen last (kept for the next print). The printers are the managers' to read: for a cashier
 * receiving a delivery, the store's only printer prints (the service says which to name when it has
 * several). Printing answers the service's result; its refusal is thrown.
 */
export const useLabelPrintersStore = defineStore('label-printers', () => {
  const printers = ref<PrinterView[]>([]);
  /** False when this login may not read the printers (`store:manage`). */
  const readable = ref(true);
  const loaded = ref(false);
  /** The register whose printer printed last ('' for the store's only one). */
  const printer = ref('');

  async function load(): Promise<void> {
    try {
      printers.value = (await api().get<{ printers: PrinterView[] }>(`${SETUP}/printers`)).printers;
      readable.value = true;
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 403)) throw failure;
      printers.value = [];
      readable.value = false;
    } finally {
      loaded.value = true;
    }
    if (readable.value && !printers.value.some((entry) => entry.terminalId === printer.value)) {
      printer.value = printers.value[0]?.terminalId ?? '';
    }
  }

  /** Prints a delivery's labels (its receipt id): one of each package it received, `copies` of each. */
  async function printReceipt(receiptId: string, request: ReceiptLabelRequest): Promise<ReceiptLabelResult> {
    if (request.printer) printer.value = request.printer;
    return api().post<ReceiptLabelResult>(`${SETUP}/inventory/receipts/${segment(receiptId)}/labels`, request);
  }

  /** Back to nothing read and no printer chosen (sign-out). */
  function reset(): void {
    printers.value = [];
    readable.value = true;
    loaded.value = false;
    printer.value = '';
  }

  return { printers, readable, loaded, printer, load, printReceipt, reset };
});

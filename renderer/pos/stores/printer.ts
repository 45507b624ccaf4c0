import { defineStore } from 'pinia';
import type { DrawerReport, ManagerApproval } from '../../../shared/contracts/cash';
import type { PrintRequest, PrintResult } from '../../../shared/contracts/printers';
import { drawerReport } from '../../../shared/receipt/drawer-report';
import { useCatalogStore } from './catalog';
import { terminal, useSessionStore } from './session';
import { printReceipt } from '../../common/print-receipt';
import { documentHtml, printSaleReceipt } from '../../common/receipt-html';

/** The register's printer routes: `/v2.0/dispensary/<short>/registers/<terminal>/printer`. */
const printerPath = () =>
  `/v2.0/dispensary/${terminal.dispensaryShortName}/registers/${encodeURIComponent(terminal.terminalId)}/printer`;

/** What the cashier is told when the service itself could not be asked. */
const UNREACHED: PrintResult = {
  resultCode: 'SUCCESS',
  resultReason: null,
  printed: false,
  configured: true,
  drawerOpened: false,
  problem: 'The service did not answer the print request',
};

/**
 * This register's receipt printer, through the service: receipts (or the browser's print dialog
 * when the register has none), X and Z reports, and the drawer kick of a no-sale.
 */
export const usePrinterStore = defineStore('printer', () => {
  /**
   * Prints on this register's receipt printer through the service. Never throws: a printer (or
   * service) that fails answers `printed: false` with the problem; `configured: false` means the
   * register has no printer and the browser's print dialog is the way.
   */
  async function printOnRegister(request: PrintRequest): Promise<PrintResult> {
    const { api } = useSessionStore();
    try {
      return await api.post<PrintResult>(`${printerPath()}/print`, request);
    } catch (error) {
      return { ...UNREACHED, problem: error instanceof Error ? error.message : UNREACHED.problem };
    }
  }

  /**
   * A no-sale: recorded on the open shift with `reason`, then the drawer kick on the register's
   * printer (when it has one set to open the drawer). Throws the service's refusal (a closed drawer);
   * answers what to tell the cashier when the drawer did not open.
   */
  async function openDrawerNoSale(reason: string, approval?: ManagerApproval): Promise<string> {
    const { api } = useSessionStore();
    const result = await api.post<PrintResult>(`${printerPath()}/open-drawer`, {
      reason,
      ...(approval && { approval }),
    });
    if (!result.configured || result.drawerOpened) return '';
    return `The drawer did not open: ${result.problem ?? 'the printer did not answer'}. Open it by hand.`;
  }

  /** An order's receipt (as the service lays it out) through the print dialog, or silently in Electron. */
  async function printReceiptInBrowser(orderId: string, reprint: boolean): Promise<string> {
    const { api } = useSessionStore();
    return printSaleReceipt(api, terminal.dispensaryShortName, orderId, { reprint, desktop: terminal.desktop });
  }

  /**
   * A sale's receipt as the sale ends (`automatic`) or when the cashier asks: on this register's
   * printer; with none, silently through the desktop app on the computer's printer, or in a browser
   * the print dialog, which opens only when asked (never by itself after each sale). `openDrawer`
   * kicks the drawer with the print. Answers what to tell the cashier, and why the printer did not
   * print (empty when it did, or the register has none).
   */
  async function printSale(
    orderId: string,
    { automatic, openDrawer }: { automatic: boolean; openDrawer: boolean },
  ): Promise<{ printed: string; problem: string; drawerOpened: boolean }> {
    const result = await printOnRegister({ receipt: { orderId }, openDrawer });
    const outcome = {
      printed: result.printed ? 'Receipt printed.' : '',
      problem: result.printed ? '' : (result.problem ?? ''),
      drawerOpened: result.drawerOpened,
    };
    if (!result.configured && (!automatic || terminal.desktop))
      outcome.printed = await printReceiptInBrowser(orderId, false);
    return outcome;
  }

  /**
   * Prints a shift's X report (open shift) or Z report (closed) on this register's printer, or
   * through the print dialog when the register has none. Answers what to tell the cashier.
   */
  async function printShiftReport(shiftId: string): Promise<string> {
    const result = await printOnRegister({ report: { shiftId } });
    if (result.printed) return 'Report printed.';
    if (result.configured) return `The report did not print: ${result.problem ?? 'the printer did not answer'}.`;
    const { api } = useSessionStore();
    const catalog = useCatalogStore();
    const path = `/v2.0/dispensary/${terminal.dispensaryShortName}/drawers/${encodeURIComponent(terminal.terminalId)}`;
    const { report } = await api.get<{ report: DrawerReport }>(`${path}/shifts/${encodeURIComponent(shiftId)}`);
    // "Printed" says when this copy prints, not when the report was made (a Z's close).
    const printedAt = new Date().toISOString();
    const html = documentHtml(drawerReport(report, catalog.storeName, catalog.timeZone, printedAt));
    return printReceipt(html, terminal.desktop, 'Report');
  }

  return { printOnRegister, openDrawerNoSale, printReceiptInBrowser, printSale, printShiftReport };
});

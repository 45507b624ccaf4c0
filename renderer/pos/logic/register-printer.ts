import type { DrawerReport, ManagerApproval } from '../../../shared/contracts/cash';
import type { PaymentPage } from '../../../shared/contracts/payment-reports';
import type { PrintRequest, PrintResult } from '../../../shared/contracts/printers';
import type { Ticket } from '../../../shared/contracts/ticket';
import { drawerReport } from '../../../shared/receipt/drawer-report';
import { useCatalogStore } from '../stores/catalog';
import { terminal, useSessionStore } from '../stores/session';
import { printReceipt } from './print-receipt';
import { documentHtml, receiptHtml } from './receipt';

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
 * Prints on this register's receipt printer through the service. Never throws: a printer (or
 * service) that fails answers `printed: false` with the problem; `configured: false` means the
 * register has no printer and the browser's print dialog is the way.
 */
export async function printOnRegister(request: PrintRequest): Promise<PrintResult> {
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
export async function openDrawerNoSale(reason: string, approval?: ManagerApproval): Promise<string> {
  const { api } = useSessionStore();
  const result = await api.post<PrintResult>(`${printerPath()}/open-drawer`, { reason, ...(approval && { approval }) });
  if (!result.configured || result.drawerOpened) return '';
  return `The drawer did not open: ${result.problem ?? 'the printer did not answer'}. Open it by hand.`;
}

/** An order's receipt through the print dialog, as the POS printed it before receipt printers. */
export async function printReceiptInBrowser(orderId: string, reprint: boolean): Promise<string> {
  const { api, user } = useSessionStore();
  const catalog = useCatalogStore();
  const ticket = await api.get<Ticket>(`/v2.0/dispensary/${terminal.dispensaryShortName}/ecommerce/ticket/${orderId}`);
  const page = await api.get<PaymentPage>(
    `/v2.0/payments?dispensaryShortName=${terminal.dispensaryShortName}&ticketAlphaNumId=${ticket.orderNumber}`,
  );
  const html = receiptHtml({
    storeName: catalog.storeName,
    storeAddress: catalog.storeAddress,
    ticket,
    payments: page.payments,
    cashier: user?.displayName ?? '',
    printedAt: new Date(),
    timeZone: catalog.timeZone,
    reprint,
  });
  return printReceipt(html, terminal.desktop);
}

/**
 * Prints a shift's X report (open shift) or Z report (closed) on this register's printer, or
 * through the print dialog when the register has none. Answers what to tell the cashier.
 */
export async function printShiftReport(shiftId: string): Promise<string> {
  const result = await printOnRegister({ report: { shiftId } });
  if (result.printed) return 'Report printed.';
  if (result.configured) return `The report did not print: ${result.problem ?? 'the printer did not answer'}.`;
  const { api } = useSessionStore();
  const catalog = useCatalogStore();
  const path = `/v2.0/dispensary/${terminal.dispensaryShortName}/drawers/${encodeURIComponent(terminal.terminalId)}`;
  const { report } = await api.get<{ report: DrawerReport }>(`${path}/shifts/${encodeURIComponent(shiftId)}`);
  const html = documentHtml(drawerReport(report, catalog.storeName, catalog.timeZone));
  return printReceipt(html, terminal.desktop, 'Report');
}

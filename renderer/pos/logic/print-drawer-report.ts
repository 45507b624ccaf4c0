import type { DesktopBridge } from '../../../shared/contracts/desktop';
import { drawerReportHtml, type ReportPrintInput } from './drawer-report-html';
import { printReceipt } from './print-receipt';

/**
 * Prints an X or Z report: the one call to swap for the register's receipt printer (ESC/POS). Today
 * it takes the receipt's path (silent through the desktop app, else the browser's print dialog).
 * Answers what to tell the cashier.
 */
export async function printDrawerReport(input: ReportPrintInput, desktop: DesktopBridge | undefined): Promise<string> {
  const said = await printReceipt(drawerReportHtml(input), desktop);
  return said.replace(/receipt/i, (word) => (word === 'Receipt' ? 'Report' : 'report'));
}

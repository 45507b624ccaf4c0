import type { CashMovementRequest } from '../../../shared/contracts/cash.js';
import type { PrintRequest, PrintResult } from '../../../shared/contracts/printers.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { drawerReport } from '../../../shared/receipt/drawer-report.js';
import type { ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import type { CashDrawers } from '../cash/cash-drawers.js';
import type { DrawerActor } from '../cash/drawer-access.js';
import { DrawerKicks, type DrawerKick } from '../cash/drawer-kicks.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { ServiceContext } from '../core/context.js';
import { BagLabels } from './bag-labels.js';
import type { QueueElsewhere } from '../pickup/queue-elsewhere.js';
import { parsePrinterAddress } from './printer-address.js';
import { paperState } from './printer-status.js';
import { PrinterProblem, sendToPrinter } from './printer-transport.js';
import { PrintersRepository, type PrinterRecord } from './printers-repository.js';
import { SaleReceipts } from './sale-receipts.js';
import { testPage } from './test-page.js';
import { SHIPPED_PROFILES, type StateProfiles } from '../core/state-profiles/state-profiles.js';

/**
 * The ESC/POS encoders (./escpos.ts and the receipt-printer encoder it uses), loaded at the first
 * print rather than at every start of the service: most starts print nothing.
 */
const escpos = () => import('./escpos.js');

/**
 * Who prints: who reads a shift's report (the cash drawers' actor). A receipt names who sold the
 * order, not who prints it.
 */
export interface PrintingPerson {
  /** Absent at the command line and in Store setup, which print no reports. */
  drawer?: DrawerActor;
}

/** What printing needs of the service: its database, clock and how long a printer may take. */
export interface PrintContext {
  db: ServiceContext['db'];
  now: () => Date;
  printerTimeoutMs: number;
  /** The state profiles sale receipts follow: the service's (the shipped ones for a test page). */
  profiles?: StateProfiles;
}

/**
 * The cash drawers: where X and Z reports come from, and where a no-sale is recorded before the
 * drawer opens. The command line and Store setup have none (they print test pages only).
 */
export type Drawers = Pick<CashDrawers, 'report' | 'movement'>;

/** A no-sale: why the drawer opens, and the manager's approval where the store's policy asks for one. */
export type NoSale = Pick<CashMovementRequest, 'reason' | 'approval'>;

/** What one print is: a sale's receipt, an online order's bag labels, a shift's X or Z report, or a test page. */
export type PrintJob = Omit<PrintRequest, 'openDrawer'>;

const NOT_CONFIGURED: PrintResult = {
  resultCode: 'SUCCESS',
  resultReason: null,
  printed: false,
  configured: false,
  drawerOpened: false,
};

/**
 * Prints on a register's receipt printer: sale receipts, reprints, bag labels, X and Z reports, a
 * test page and the documents of others (a product's labels: products/product-labels.ts),
 * and sends the drawer-kick pulse, only as the drawer's rules allow (cash/drawer-kicks.ts): with a
 * cash sale's receipt, or for a no-sale recorded first. The printer being off, unplugged, out of
 * paper or slow never fails the request: the answer says `printed: false` and why, and the sale
 * stays as it is.
 */
export class PrintService {
  readonly printers: PrintersRepository;
  private readonly receipts: SaleReceipts;
  private readonly labels: BagLabels;
  private readonly kicks: DrawerKicks;

  constructor(
    private readonly ctx: PrintContext,
    private readonly drawers?: Drawers,
    /** On an attached register: its store server's online orders (their bag labels). */
    elsewhere?: QueueElsewhere,
  ) {
    this.printers = new PrintersRepository(ctx.db);
    this.receipts = new SaleReceipts(ctx.db, ctx.now, ctx.profiles ?? SHIPPED_PROFILES);
    this.labels = new BagLabels(ctx.db, elsewhere);
    this.kicks = new DrawerKicks(ctx.db);
  }

  /**
   * Prints `request` on register `terminalId`'s printer. `openDrawer` asks for the drawer kick
   * first, which only a cash sale's receipt of the open shift carries, once (else refused in words).
   */
  async print(
    dispensary: Dispensary,
    terminalId: string,
    request: PrintRequest,
    person: PrintingPerson,
  ): Promise<PrintResult> {
    const { openDrawer, ...job } = request;
    const asked = [job.receipt, job.bagLabel, job.report, job.test].filter((part) => part !== undefined).length;
    if (asked !== 1) {
      const words = 'a print names exactly one thing to print: receipt, bagLabel, report or test';
      throw new ServicePayError('INVALID_INPUT', words, { field: 'receipt' });
    }
    const printer = await this.printers.find(this.ctx.db, dispensary.id, terminalId);
    const wired = printer?.openDrawerOnCash === true;
    const kick: DrawerKick | null =
      openDrawer === true
        ? await this.kicks.forPrint(dispensary, terminalId, job, person.drawer, wired, this.ctx.now())
        : null;
    if (!printer) return NOT_CONFIGURED;
    let opened = false;
    try {
      const documents = await this.documents(dispensary, terminalId, job, person);
      const { encodeDocument } = await escpos();
      const sends = kick?.claimed === true;
      const bytes = documents.map((document, index) =>
        encodeDocument(document, printer.paperWidth, { kick: sends && index === 0 }),
      );
      const result = await this.send(printer, Buffer.concat(bytes), sends);
      opened = result.drawerOpened;
      return result;
    } finally {
      // The printer did not take the kick: the drawer did not open, and the sale may open it again.
      if (kick && !opened) await this.kicks.release(kick);
    }
  }

  /**
   * The store's printer to print labels on: register `terminalId`'s, or without one the store's only
   * printer. Refused in words when that register has none, or the store has none or several to choose from.
   */
  async storePrinter(dispensary: Dispensary, terminalId?: string): Promise<PrinterRecord> {
    const printers = await this.printers.ofStore(this.ctx.db, dispensary.id);
    if (terminalId !== undefined) {
      const named = printers.find((printer) => printer.terminalId === terminalId);
      if (!named) throw new ServicePayError('NOT_FOUND', `register ${terminalId} has no receipt printer`);
      return named;
    }
    const [only, ...others] = printers;
    if (!only) {
      throw new ServicePayError(
        'NOT_FOUND',
        `${dispensary.name} has no receipt printer: set one up in Store setup (Printers) first`,
      );
    }
    if (others.length > 0) {
      const names = printers.map((printer) => printer.terminalId).join(', ');
      throw invalidInput('printer', `must say which register's printer prints them: ${names}`);
    }
    return only;
  }

  /**
   * Prints laid-out documents (labels) on `printer`, one after another, each cut off. A printer that
   * does not take them fails nothing: `printed: false` and the problem in words.
   */
  async printDocuments(printer: PrinterRecord, documents: readonly ReceiptDocument[]): Promise<PrintResult> {
    const { encodeDocument } = await escpos();
    const bytes = documents.map((document) => encodeDocument(document, printer.paperWidth, { kick: false }));
    return this.send(printer, Buffer.concat(bytes), false);
  }

  /**
   * A no-sale: recorded on the register's open shift under the store's cash policy (refused in
   * words when its drawer is not open or a manager's approval is missing), then the drawer-kick
   * pulse alone.
   */
  async noSale(dispensary: Dispensary, terminalId: string, noSale: NoSale, actor: DrawerActor): Promise<PrintResult> {
    if (!this.drawers) throw new ServicePayError('UNAVAILABLE', 'the drawer opens from the register');
    await this.drawers.movement(dispensary, terminalId, { kind: 'no_sale', amount: 0, ...noSale }, actor);
    const printer = await this.printers.find(this.ctx.db, dispensary.id, terminalId);
    if (!printer) return NOT_CONFIGURED;
    const { encodeDrawerKick } = await escpos();
    return this.send(printer, encodeDrawerKick(), true, false);
  }

  /**
   * Sends a job (`prints`: it has paper to print on; else a drawer kick alone). A printer out of
   * paper is not sent the job, which it would hold until a new roll is in: it is only sent the kick
   * the job carried, so the drawer still opens on a cash sale, and the cashier is told.
   */
  private async send(printer: PrinterRecord, bytes: Uint8Array, kick: boolean, prints = true): Promise<PrintResult> {
    const address = parsePrinterAddress(printer.address);
    const timeout = this.ctx.printerTimeoutMs;
    try {
      if (prints && (await paperState(address, timeout)) === 'out') {
        if (kick) await sendToPrinter(address, (await escpos()).encodeDrawerKick(), timeout);
        const problem = 'The printer is out of paper: load a new roll, then print again';
        return { ...NOT_CONFIGURED, configured: true, drawerOpened: kick, problem };
      }
      await sendToPrinter(address, bytes, timeout);
      return { ...NOT_CONFIGURED, printed: true, configured: true, drawerOpened: kick };
    } catch (error) {
      if (!(error instanceof PrinterProblem)) throw error;
      return { ...NOT_CONFIGURED, configured: true, problem: error.message };
    }
  }

  /** What `request` prints, one document after another (each cut off). */
  private async documents(
    dispensary: Dispensary,
    terminalId: string,
    request: PrintJob,
    person: PrintingPerson,
  ): Promise<ReceiptDocument[]> {
    if (request.bagLabel) {
      const { orderId, bags } = request.bagLabel;
      return this.labels.documents(dispensary, orderId, bags ?? 1, this.ctx.now());
    }
    return [await this.document(dispensary, terminalId, request, person)];
  }

  private async document(
    dispensary: Dispensary,
    terminalId: string,
    request: PrintJob,
    person: PrintingPerson,
  ): Promise<ReceiptDocument> {
    const printedAt = this.ctx.now();
    if (request.receipt) {
      const { orderId, reprint } = request.receipt;
      return this.receipts.document(dispensary, orderId, reprint === true);
    }
    if (request.report) {
      if (!this.drawers || !person.drawer) {
        throw new ServicePayError('UNAVAILABLE', 'reports print from the register or the back office');
      }
      const report = await this.drawers.report(dispensary, terminalId, request.report.shiftId, person.drawer);
      // "Printed" says this print's time: a Z printed again a day later is not printed at its close.
      return drawerReport(report, dispensary.name, dispensary.timezone, printedAt.toISOString());
    }
    return testPage(dispensary, terminalId, printedAt);
  }
}

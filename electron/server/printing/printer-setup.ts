import {
  PAPER_WIDTHS,
  type PrinterInput,
  type PrinterView,
  type PrintResult,
} from '../../../shared/contracts/printers.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { listed } from '../../../shared/list-words.js';
import { isTerminalId } from '../../../shared/terminal-id.js';
import { PRINT_TIMEOUT_MS } from '../core/config.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { formatPrinterAddress, parsePrinterAddress } from './printer-address.js';
import { PrintService } from './print-service.js';
import type { PrinterRecord } from './printers-repository.js';

const toView = ({ organizationId: _org, dispensaryId: _store, ...view }: PrinterRecord): PrinterView => view;

function checkTerminal(terminalId: string): void {
  if (!isTerminalId(terminalId)) {
    throw invalidInput(
      'terminalId',
      'must be 1 to 40 letters, digits, - or _, starting with a letter or digit (for example front-1)',
    );
  }
}

function checkPaper(width: number | undefined): 80 | 58 {
  if (width === undefined) return 80;
  if (!(PAPER_WIDTHS as readonly number[]).includes(width)) {
    throw invalidInput('paperWidth', `must be 80 or 58 (millimetres of paper), not ${width}`);
  }
  return width as 80 | 58;
}

/** The port to the registers a store has (registers/store-registers.ts), which set-up hands in. */
export interface RegistersOfStore {
  /** The store's registers at `now`, by terminal id. */
  of(store: Dispensary, now: Date): Promise<string[]>;
  /** How a register becomes one of the store's, in words. */
  readonly howOneIsKnown: string;
}

/**
 * The receipt printers of a store's registers: the `servicepay printers` command (the operator) and
 * the back office's set-up routes (a manager with `store:manage`) both call it.
 */
export class PrinterSetup {
  /** Prints on the store's printers: a test page here, a product's labels (products/product-labels.ts). */
  readonly printing: PrintService;

  constructor(
    private readonly access: StoreAccess,
    private readonly registers: RegistersOfStore,
  ) {
    this.printing = new PrintService({ db: access.db, now: access.now, printerTimeoutMs: PRINT_TIMEOUT_MS });
  }

  /**
   * Refuses `terminalId` when it is none of the store's registers (a typo would otherwise be saved
   * for a register that never prints), naming the ones it has. A register with a printer is one.
   */
  private async checkRegister(store: Dispensary, terminalId: string): Promise<void> {
    const printers = await this.printing.printers.ofStore(this.access.db, store.id);
    const known = new Set([
      ...(await this.registers.of(store, this.access.now())),
      ...printers.map((p) => p.terminalId),
    ]);
    if (known.has(terminalId)) return;
    const names = [...known].sort();
    const which =
      names.length === 0
        ? 'it has none yet'
        : names.length === 1
          ? `its only register is ${names[0]}`
          : `its registers are ${listed(names)}`;
    const how = this.registers.howOneIsKnown;
    throw invalidInput('terminalId', `"${terminalId}" is not one of ${store.name}'s registers: ${which} (${how})`);
  }

  async list(actor: SetupActor, shortName: string): Promise<PrinterView[]> {
    const store = await this.access.store(actor, shortName);
    return (await this.printing.printers.ofStore(this.access.db, store.id)).map(toView);
  }

  /** Sets register `terminalId`'s printer (replacing the one it had), after checking every field. */
  async set(actor: SetupActor, shortName: string, terminalId: string, input: PrinterInput): Promise<PrinterView> {
    checkTerminal(terminalId);
    const address = formatPrinterAddress(parsePrinterAddress(input.address));
    const paperWidth = checkPaper(input.paperWidth);
    const store = await this.access.store(actor, shortName);
    await this.checkRegister(store, terminalId);
    const printer: PrinterRecord = {
      organizationId: store.organizationId,
      dispensaryId: store.id,
      terminalId,
      address,
      paperWidth,
      openDrawerOnCash: input.openDrawerOnCash === true,
      updatedAt: this.access.now().toISOString(),
    };
    await this.access.storeDb(store.id).write((tx) => this.printing.printers.save(tx, printer));
    return toView(printer);
  }

  async remove(actor: SetupActor, shortName: string, terminalId: string): Promise<void> {
    const store = await this.access.store(actor, shortName);
    const removed = await this.access
      .storeDb(store.id)
      .write((tx) => this.printing.printers.remove(tx, store.id, terminalId));
    if (!removed) throw new ServicePayError('NOT_FOUND', `register ${terminalId} has no receipt printer`);
  }

  /** Prints a test page on register `terminalId`'s printer; the answer says whether it printed, and why not. */
  async test(actor: SetupActor, shortName: string, terminalId: string): Promise<PrintResult> {
    const store = await this.access.store(actor, shortName);
    const result = await this.printing.print(store, terminalId, { test: true }, {});
    if (!result.configured) throw new ServicePayError('NOT_FOUND', `register ${terminalId} has no receipt printer`);
    return result;
  }
}

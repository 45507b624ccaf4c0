import type { PrinterView } from '../../../shared/contracts/printers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { ReceiptPrintersTable } from '../db/schema/printers.js';

/** A register's receipt printer as stored. */
export interface PrinterRecord extends PrinterView {
  organizationId: string;
  dispensaryId: string;
}

const selectPrinters = (k: Builder) =>
  k
    .selectFrom('receipt_printers')
    .select([
      'organization_id as organizationId',
      'dispensary_id as dispensaryId',
      'terminal_id as terminalId',
      'address',
      'paper_mm as paperWidth',
      'open_drawer_on_cash as openDrawerOnCash',
      'updated_at as updatedAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectPrinters>['executeTakeFirstOrThrow']>>;

const toRecord = (row: Row): PrinterRecord => ({
  ...row,
  paperWidth: Number(row.paperWidth) === 58 ? 58 : 80,
  openDrawerOnCash: Number(row.openDrawerOnCash) === 1,
});

/** Receipt printers: at most one per register (dispensary and terminal), by primary key. */
export class PrintersRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { dispensaryId: string; terminalId: string }) =>
        selectPrinters(k).where('dispensary_id', '=', p.dispensaryId).where('terminal_id', '=', p.terminalId),
      ),
      ofStore: db.prepare((k, p: { dispensaryId: string }) =>
        selectPrinters(k).where('dispensary_id', '=', p.dispensaryId).orderBy('terminal_id'),
      ),
      upsert: db.prepare((k, p: ReceiptPrintersTable) =>
        k
          .insertInto('receipt_printers')
          .values({
            organization_id: p.organization_id,
            dispensary_id: p.dispensary_id,
            terminal_id: p.terminal_id,
            address: p.address,
            paper_mm: p.paper_mm,
            open_drawer_on_cash: p.open_drawer_on_cash,
            updated_at: p.updated_at,
          })
          .onConflict((conflict) =>
            conflict.columns(['dispensary_id', 'terminal_id']).doUpdateSet((eb) => ({
              address: eb.ref('excluded.address'),
              paper_mm: eb.ref('excluded.paper_mm'),
              open_drawer_on_cash: eb.ref('excluded.open_drawer_on_cash'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          ),
      ),
      remove: db.prepare((k, p: { dispensaryId: string; terminalId: string }) =>
        k
          .deleteFrom('receipt_printers')
          .where('dispensary_id', '=', p.dispensaryId)
          .where('terminal_id', '=', p.terminalId),
      ),
    };
  }

  async find(q: Queryable, dispensaryId: string, terminalId: string): Promise<PrinterRecord | undefined> {
    const row = await q.first(this.q.find, { dispensaryId, terminalId });
    return row && toRecord(row);
  }

  /** The store's printers, by register. */
  async ofStore(q: Queryable, dispensaryId: string): Promise<PrinterRecord[]> {
    return (await q.all(this.q.ofStore, { dispensaryId })).map(toRecord);
  }

  /** Sets a register's printer, replacing the one it had. */
  async save(tx: Queryable, printer: PrinterRecord): Promise<void> {
    await tx.run(this.q.upsert, {
      organization_id: printer.organizationId,
      dispensary_id: printer.dispensaryId,
      terminal_id: printer.terminalId,
      address: printer.address,
      paper_mm: printer.paperWidth,
      open_drawer_on_cash: printer.openDrawerOnCash ? 1 : 0,
      updated_at: printer.updatedAt,
    });
  }

  /** Removes a register's printer; false when it had none. */
  async remove(tx: Queryable, dispensaryId: string, terminalId: string): Promise<boolean> {
    return (await tx.run(this.q.remove, { dispensaryId, terminalId })) > 0;
  }
}

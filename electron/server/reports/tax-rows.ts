import type { NamedAmount, TaxFigures, TaxRow } from '../../../shared/contracts/reports.js';
import { spread } from '../../../shared/deals/units.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import { refundParts } from './refund-parts.js';
import type { ReadRefund } from './report-rows.js';
import { storeHour, type Sale } from './sales-of-rows.js';
import { addNamed } from './summary-figures.js';

/** A month's and layer's tax as it adds up: collected on sales, handed back in refunds. */
interface Cell {
  month: string;
  layer: string;
  taxCents: number;
  refundedCents: number;
}

/**
 * The tax a refund hands back (refund-parts.ts: its sale's lines' tax in proportion, at most the
 * sale's tax), spread over the sale's layers by what each collected.
 */
export function refundedTax(tax: number, sale: Sale | undefined): TaxLayer[] {
  if (!sale || tax <= 0) return [];
  const layers = sale.taxes.filter((layer) => layer.amount > 0);
  if (layers.length === 0) return [{ name: 'Tax', amount: tax }];
  const parts = spread(
    tax,
    layers.map((layer) => layer.amount),
  );
  return layers.map((layer, index) => ({ name: layer.name, amount: parts[index]! }));
}

const byName = (amounts: ReadonlyMap<string, number>): NamedAmount[] =>
  [...amounts]
    .map(([name, amountCents]) => ({ name, amountCents }))
    .filter((layer) => layer.amountCents !== 0)
    .sort((a, b) => a.name.localeCompare(b.name));

const add = (amounts: Map<string, number>, name: string, cents: number) =>
  amounts.set(name, (amounts.get(name) ?? 0) + cents);

/**
 * The tax per month of the range and layer, months in order and layers by name: collected on the
 * sales of the month's days, handed back in the refunds of its days (`bySaleDay`: of its sales'
 * days, as the refunds were read), and owed (collected − refunded).
 */
export function taxReport(
  sales: readonly Sale[],
  refunds: readonly ReadRefund[],
  refundedSales: ReadonlyMap<string, Sale>,
  timeZone: string,
  bySaleDay = false,
): { rows: TaxRow[]; total: TaxFigures } {
  const cells = new Map<string, Cell>();
  const cell = (month: string, layer: string) => {
    const key = `${month}|${layer}`;
    let found = cells.get(key);
    if (!found) cells.set(key, (found = { month, layer, taxCents: 0, refundedCents: 0 }));
    return found;
  };
  const collected = new Map<string, number>();
  const refunded = new Map<string, number>();
  let taxableCents = 0;
  for (const sale of sales) {
    taxableCents += sale.grossCents - sale.discountCents;
    for (const layer of sale.taxes) {
      cell(sale.day.slice(0, 7), layer.name).taxCents += layer.amount;
      add(collected, layer.name, layer.amount);
    }
  }
  for (const refund of refunds) {
    const month = storeHour(bySaleDay ? refund.saleAt : refund.at, timeZone).day.slice(0, 7);
    const sale = refund.orderId === null ? undefined : refundedSales.get(refund.orderId);
    for (const layer of refundedTax(refundParts(refund, sale).taxCents, sale)) {
      cell(month, layer.name).refundedCents += layer.amount;
      add(refunded, layer.name, layer.amount);
    }
  }
  const rows = [...cells.values()]
    .filter((row) => row.taxCents !== 0 || row.refundedCents !== 0)
    .map((row) => ({ ...row, owedCents: row.taxCents - row.refundedCents }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.layer.localeCompare(b.layer));
  const taxCents = sales.reduce((sum, sale) => sum + sale.taxCents, 0);
  const refundedCents = [...refunded.values()].reduce((sum, cents) => sum + cents, 0);
  const total = {
    layers: byName(collected),
    refundedLayers: byName(refunded),
    taxCents,
    refundedCents,
    owedCents: taxCents - refundedCents,
    taxableCents,
  };
  return { rows, total };
}

/** Tax figures added up (a chain's stores). */
export function addTax(list: readonly TaxFigures[]): TaxFigures {
  const sum = (pick: (figures: TaxFigures) => number) => list.reduce((total, figures) => total + pick(figures), 0);
  return {
    layers: addNamed(
      list.map((figures) => figures.layers),
      'name',
    ),
    refundedLayers: addNamed(
      list.map((figures) => figures.refundedLayers),
      'name',
    ),
    taxCents: sum((figures) => figures.taxCents),
    refundedCents: sum((figures) => figures.refundedCents),
    owedCents: sum((figures) => figures.owedCents),
    taxableCents: sum((figures) => figures.taxableCents),
  };
}

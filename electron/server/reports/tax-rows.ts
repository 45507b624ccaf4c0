import type { TaxFigures, TaxRow } from '../../../shared/contracts/reports.js';
import type { Sale } from './sales-of-rows.js';

/** The tax collected per month of the range and layer, months in order and layers by name. */
export function taxReport(sales: readonly Sale[]): { rows: TaxRow[]; total: TaxFigures } {
  const cells = new Map<string, TaxRow>();
  const layers = new Map<string, number>();
  let taxableCents = 0;
  for (const sale of sales) {
    taxableCents += sale.grossCents - sale.discountCents;
    const month = sale.day.slice(0, 7);
    for (const layer of sale.taxes) {
      const key = `${month}|${layer.name}`;
      const cell = cells.get(key) ?? { month, layer: layer.name, taxCents: 0 };
      cell.taxCents += layer.amount;
      cells.set(key, cell);
      layers.set(layer.name, (layers.get(layer.name) ?? 0) + layer.amount);
    }
  }
  const rows = [...cells.values()]
    .filter((row) => row.taxCents !== 0)
    .sort((a, b) => a.month.localeCompare(b.month) || a.layer.localeCompare(b.layer));
  const total = {
    layers: [...layers]
      .map(([name, amountCents]) => ({ name, amountCents }))
      .filter((layer) => layer.amountCents !== 0)
      .sort((a, b) => a.name.localeCompare(b.name)),
    taxCents: sales.reduce((sum, sale) => sum + sale.taxCents, 0),
    taxableCents,
  };
  return { rows, total };
}

/** Tax figures added up (a chain's stores). */
export function addTax(list: readonly TaxFigures[]): TaxFigures {
  const layers = new Map<string, number>();
  for (const { name, amountCents } of list.flatMap((figures) => figures.layers)) {
    layers.set(name, (layers.get(name) ?? 0) + amountCents);
  }
  return {
    layers: [...layers]
      .map(([name, amountCents]) => ({ name, amountCents }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    taxCents: list.reduce((sum, figures) => sum + figures.taxCents, 0),
    taxableCents: list.reduce((sum, figures) => sum + figures.taxableCents, 0),
  };
}

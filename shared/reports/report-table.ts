import { soldQuantityWords } from './sold-quantity.js';
import type {
  InventoryValueReport,
  ReportName,
  SalesReport,
  SummaryFigures,
  SummaryReport,
  TaxReport,
} from '../contracts/reports.js';
import { methodLabel } from '../labels.js';
import { formatDecimal } from '../money.js';

/** Any one store's report. */
type AnyReport = SummaryReport | SalesReport | TaxReport | InventoryValueReport;

/** A report as a table: its header and its rows of text, the total last (the CLI, CSV and print). */
export interface ReportTable {
  columns: string[];
  rows: string[][];
}

/** Thousandths as a decimal quantity: 1500 → "1.5". */
const quantity = (milli: number) => String(milli / 1000);

function summaryTable(report: SummaryReport, money: (cents: number) => string): ReportTable {
  const layers = report.total.taxes.map((layer) => layer.name);
  const methods = report.total.tenders.map((tender) => tender.method);
  const columns = [
    'day',
    'sales',
    'gross',
    'discounts',
    'returns',
    'net',
    ...layers,
    'tax',
    'tax refunded',
    'delivery',
    'reward dollars',
    'reward dollars given back',
    // Each method's payments, then what refunds gave back of them: the tenders less their refunds.
    // Named as people read them ("Credit card"), as the screens and the drawers' reports name them.
    ...methods.map(methodLabel).flatMap((name) => [name, `${name} refunded`]),
    'tips refunded',
    'paid toward open orders',
    'paid on earlier days',
    'tips',
    'cash back',
    'average sale',
  ];
  const row = (label: string, figures: SummaryFigures) => [
    label,
    String(figures.sales),
    money(figures.grossCents),
    money(figures.discountCents),
    money(figures.returnsCents),
    money(figures.netCents),
    ...layers.map((name) => money(figures.taxes.find((layer) => layer.name === name)?.amountCents ?? 0)),
    money(figures.taxCents),
    money(figures.returnsTaxCents),
    money(figures.deliveryCents),
    money(figures.rewardCents),
    money(figures.rewardBackCents),
    ...methods.flatMap((method) => {
      const tender = figures.tenders.find((one) => one.method === method);
      return [money(tender?.amountCents ?? 0), money(tender?.refundedCents ?? 0)];
    }),
    money(figures.refundedTipCents),
    money(figures.paidTowardOpenCents),
    money(figures.paidEarlierCents),
    money(figures.tipCents),
    money(figures.cashBackCents),
    money(figures.averageSaleCents),
  ];
  return { columns, rows: [...report.rows.map((day) => row(day.day, day)), row('Total', report.total)] };
}

function salesTable(report: SalesReport, money: (cents: number) => string): ReportTable {
  const columns = [
    // The grouping in words, as the other headings are ("customer type", not the option's `customer-type`).
    report.by.replace('-', ' '),
    'quantity',
    'sales',
    'gross',
    'discounts',
    'returns',
    'net',
    'tax',
    'cost',
    'margin',
    // The net of the lines whose cost is not known: cost, margin and it add up to the net, after returns.
    'net without a known cost',
  ];
  const row = (label: string, f: SalesReport['total']) => [
    label,
    soldQuantityWords(f),
    String(f.sales),
    money(f.grossCents),
    money(f.discountCents),
    money(f.returnsCents),
    money(f.netCents),
    money(f.taxCents),
    money(f.costCents),
    money(f.marginCents),
    money(f.netWithoutCostCents),
  ];
  return { columns, rows: [...report.rows.map((group) => row(group.label, group)), row('Total', report.total)] };
}

/** Every layer of the range with what it collected and handed back, by name. */
function layersOf(figures: TaxReport['total']): { name: string; collected: number; refunded: number }[] {
  const names = [...new Set([...figures.layers, ...figures.refundedLayers].map((layer) => layer.name))].sort();
  const amount = (list: TaxReport['total']['layers'], name: string) =>
    list.find((layer) => layer.name === name)?.amountCents ?? 0;
  return names.map((name) => ({
    name,
    collected: amount(figures.layers, name),
    refunded: amount(figures.refundedLayers, name),
  }));
}

function taxTable(report: TaxReport, money: (cents: number) => string): ReportTable {
  return {
    columns: ['month', 'tax layer', 'collected', 'refunded', 'owed'],
    rows: [
      ...report.rows.map((row) => [
        row.month,
        row.layer,
        money(row.taxCents),
        money(row.refundedCents),
        money(row.owedCents),
      ]),
      ...layersOf(report.total).map((layer) => [
        'Total',
        layer.name,
        money(layer.collected),
        money(layer.refunded),
        money(layer.collected - layer.refunded),
      ]),
      [
        'Total',
        'All layers',
        money(report.total.taxCents),
        money(report.total.refundedCents),
        money(report.total.owedCents),
      ],
    ],
  };
}

function inventoryTable(report: InventoryValueReport, money: (cents: number) => string): ReportTable {
  const row = (label: string, f: InventoryValueReport['total']) => [
    label,
    String(f.products),
    quantity(f.quantityMilli),
    money(f.costCents),
    money(f.retailCents),
    String(f.withoutCost),
    quantity(f.quantityWithoutCostMilli),
    money(f.retailWithoutCostCents),
  ];
  return {
    // A product counts once, with a cost or without; the stock without one is said apart (of any product).
    columns: [
      'category',
      'products',
      'quantity',
      'at cost',
      'at price',
      'without a cost',
      'quantity cost not known',
      'at price cost not known',
    ],
    rows: [...report.rows.map((line) => row(line.categoryName, line)), row('Total', report.total)],
  };
}

/** A store's report as a table; `money` formats cents (default "12.50", as CSV takes it). */
export function reportTable(
  name: ReportName,
  report: AnyReport,
  money: (cents: number) => string = formatDecimal,
): ReportTable {
  if (name === 'summary') return summaryTable(report as SummaryReport, money);
  if (name === 'sales') return salesTable(report as SalesReport, money);
  if (name === 'tax') return taxTable(report as TaxReport, money);
  return inventoryTable(report as InventoryValueReport, money);
}

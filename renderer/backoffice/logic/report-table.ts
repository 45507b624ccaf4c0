import type {
  InventoryValueReport,
  NamedAmount,
  SalesFigures,
  SalesReport,
  StoreReportOf,
  SummaryFigures,
  SummaryReport,
  TaxReport,
} from '../../../shared/contracts/reports';
import { methodLabel } from '../../../shared/labels';
import {
  blank,
  change,
  count,
  money,
  none,
  share,
  sold,
  text,
  type Cell,
  type Sense,
  type ReportTable,
  type TableRow,
} from './report-cells';
import { byProduct, type ReportKind } from './report-kinds';
import { monthWords } from './report-range';

/** One store's report as a table (README "Reports"): the screen shows it and the CSV writes it. */

const row = (key: string, cells: Cell[], part = false): TableRow => ({ key, cells, ...(part ? { part } : {}) });
const amountOf = (list: readonly NamedAmount[], name: string) =>
  list.find((item) => item.name === name)?.amountCents ?? 0;

/** The figure's cells: this period, and with a comparison the previous one and the change. */
function compared(current: number, previous: number | null, cell: (value: number) => Cell, sense: Sense): Cell[] {
  if (previous === null) return [cell(current)];
  return [cell(current), cell(previous), change(current, previous, cell(previous).text, sense)];
}

/** Which way each summary figure is good news: more sales is; more discounts or returns is not; tax, tenders neither. */
const SUMMARY_SENSE: Record<string, Sense> = {
  sales: 'higher-is-better',
  gross: 'higher-is-better',
  net: 'higher-is-better',
  average: 'higher-is-better',
  discounts: 'lower-is-better',
  deal: 'lower-is-better',
  manual: 'lower-is-better',
  promotions: 'lower-is-better',
  returns: 'lower-is-better',
  refunded: 'lower-is-better',
};

function summaryTable(answer: SummaryReport): ReportTable {
  const now = answer.total;
  const before = answer.previous?.total ?? null;
  const line = (key: string, label: string, value: (f: SummaryFigures) => number, cell = money, part = false) => {
    const sense = SUMMARY_SENSE[key.replace(/-.*$/, '')] ?? 'neutral';
    return row(key, [text(label), ...compared(value(now), before ? value(before) : null, cell, sense)], part);
  };
  const named = (prefix: string, list: (f: SummaryFigures) => NamedAmount[]) => {
    const names = [...new Set([...list(now), ...(before ? list(before) : [])].map((item) => item.name))];
    return names.map((name) => line(`${prefix}-${name}`, name, (f) => amountOf(list(f), name), money, true));
  };
  const methods = [...new Set([...now.tenders, ...(before?.tenders ?? [])].map((tender) => tender.method))];
  const tenderOf = (f: SummaryFigures, method: string) => f.tenders.find((t) => t.method === method);
  const tender = (f: SummaryFigures, method: string) => tenderOf(f, method)?.amountCents ?? 0;
  const refunded = (f: SummaryFigures, method: string) => tenderOf(f, method)?.refundedCents ?? 0;
  // What deals and the cashiers' hands did not take off: products' own promotions and the rest, so
  // the lines under Discounts add up to it.
  const otherDiscounts = (f: SummaryFigures) =>
    f.discountCents - f.manualDiscountCents - f.dealDiscounts.reduce((sum, deal) => sum + deal.amountCents, 0);
  // Orders paid over several days (README "Reports"), reward dollars given back: only where a period has any.
  const apart = (key: string, label: string, value: (f: SummaryFigures) => number, part = false) =>
    value(now) !== 0 || (before !== null && value(before) !== 0) ? [line(key, label, value, money, part)] : [];
  return {
    caption: 'Summary',
    columns: [
      { label: 'Figure', numeric: false },
      { label: 'This period', numeric: true },
      ...(before
        ? [
            { label: 'Previous period', numeric: true },
            { label: 'Change', numeric: true },
          ]
        : []),
    ],
    rows: [
      line('sales', 'Sales', (f) => f.sales, count),
      line('gross', 'Gross sales', (f) => f.grossCents),
      line('discounts', 'Discounts', (f) => f.discountCents),
      ...named('deal', (f) => f.dealDiscounts),
      line('manual', 'Given by hand', (f) => f.manualDiscountCents, money, true),
      ...apart('promotions', 'Promotions and other', otherDiscounts, true),
      line('returns', 'Returns', (f) => f.returnsCents),
      line('net', 'Net sales', (f) => f.netCents),
      line('tax', 'Tax', (f) => f.taxCents),
      ...named('tax', (f) => f.taxes),
      line('refunded-tax', 'Tax refunded', (f) => f.returnsTaxCents),
      ...methods.flatMap((method) => [
        line(`tender-${method}`, `Paid by ${methodLabel(method)}`, (f) => tender(f, method)),
        ...apart(`refunded-${method}`, `Refunded from ${methodLabel(method)}`, (f) => refunded(f, method), true),
      ]),
      ...apart('paid-open', 'Paid toward open orders', (f) => f.paidTowardOpenCents),
      ...apart('paid-earlier', 'Paid on earlier days', (f) => f.paidEarlierCents),
      line('delivery', 'Delivery charged', (f) => f.deliveryCents),
      line('reward', 'Paid with reward dollars', (f) => f.rewardCents),
      ...apart('reward-back', 'Reward dollars given back (in Returns)', (f) => f.rewardBackCents),
      line('tips', 'Tips', (f) => f.tipCents),
      line('cash-back', 'Cash back', (f) => f.cashBackCents),
      line('average', 'Average sale', (f) => f.averageSaleCents),
    ],
    footer: [],
  };
}

function salesCells(kind: ReportKind, figures: SalesFigures): Cell[] {
  const cells = [count(figures.sales)];
  if (byProduct(kind)) cells.push(sold(figures));
  if (kind.id === 'margin') {
    // The net sales the margin is taken from (after returns): those of the lines whose cost is known.
    const costed = figures.netCents - figures.netWithoutCostCents;
    const known = costed !== 0 || figures.costCents !== 0;
    return [
      ...cells,
      money(figures.netCents),
      known ? money(figures.costCents) : none(),
      known ? money(figures.marginCents) : none(),
      costed > 0 ? share(figures.marginCents, costed) : none(),
    ];
  }
  return [
    ...cells,
    money(figures.grossCents),
    money(figures.discountCents),
    money(figures.returnsCents),
    money(figures.netCents),
    money(figures.taxCents),
  ];
}

function salesTable(answer: SalesReport, kind: ReportKind): ReportTable {
  const previous = answer.previous;
  const before = new Map(previous?.rows.map((item) => [item.key, item]) ?? []);
  const versus = (key: string | null, figures: SalesFigures) => {
    if (!previous) return [];
    const then = key === null ? previous.total.netCents : (before.get(key)?.netCents ?? 0);
    return [money(then), change(figures.netCents, then, money(then).text)];
  };
  const figures =
    kind.id === 'margin'
      ? ['Net sales', 'Cost', 'Margin', 'Margin %']
      : ['Gross', 'Discounts', 'Returns', 'Net', 'Tax'];
  return {
    caption: kind.label,
    columns: [
      { label: kind.groupLabel, numeric: false },
      { label: 'Sales', numeric: true },
      ...(byProduct(kind) ? [{ label: 'Quantity', numeric: true }] : []),
      ...figures.map((label) => ({ label, numeric: true })),
      ...(previous
        ? [
            { label: 'Net, previous period', numeric: true },
            { label: 'Change', numeric: true },
          ]
        : []),
    ],
    rows: answer.rows.map((item) =>
      row(item.key, [text(item.label), ...salesCells(kind, item), ...versus(item.key, item)]),
    ),
    footer: [row('total', [text('Total'), ...salesCells(kind, answer.total), ...versus(null, answer.total)])],
  };
}

/** A layer's tax owed over the range: collected less handed back in refunds. */
const owedOf = (figures: TaxReport['total'], layer: string) =>
  amountOf(figures.layers, layer) - amountOf(figures.refundedLayers, layer);

/** Rows by month; a column per layer with what is owed, then collected, refunded and owed in all. */
function taxTable(answer: TaxReport): ReportTable {
  const layers = [...new Set([...answer.total.layers.map((layer) => layer.name), ...answer.rows.map((r) => r.layer)])];
  const months = [...new Set(answer.rows.map((item) => item.month))].sort();
  const ofMonth = (month: string) => answer.rows.filter((item) => item.month === month);
  const monthCells = (month: string) => {
    const rows = ofMonth(month);
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
    return [
      ...layers.map((layer) => money(sum((r) => (r.layer === layer ? r.owedCents : 0)))),
      money(sum((r) => r.taxCents)),
      money(sum((r) => r.refundedCents)),
      money(sum((r) => r.owedCents)),
    ];
  };
  const totalCells = (f: TaxReport['total']) => [
    ...layers.map((l) => money(owedOf(f, l))),
    money(f.taxCents),
    money(f.refundedCents),
    money(f.owedCents),
  ];
  const footer = [row('total', [text('Total'), ...totalCells(answer.total)])];
  const previous = answer.previous;
  if (previous) {
    const was = previous.total;
    const now = answer.total;
    const changed = (current: number, before: number) => change(current, before, money(before).text, 'neutral');
    footer.push(
      row('previous', [text('Previous period'), ...totalCells(was)]),
      row('change', [
        text('Change'),
        ...layers.map((l) => changed(owedOf(now, l), owedOf(was, l))),
        changed(now.taxCents, was.taxCents),
        changed(now.refundedCents, was.refundedCents),
        changed(now.owedCents, was.owedCents),
      ]),
    );
  }
  return {
    caption: 'Tax owed by layer and month: collected on sales, less what refunds handed back',
    columns: [
      { label: 'Month', numeric: false },
      ...layers.map((label) => ({ label, numeric: true })),
      { label: 'Collected', numeric: true },
      { label: 'Refunded', numeric: true },
      { label: 'Owed', numeric: true },
    ],
    rows: months.map((month) => row(month, [text(monthWords(month)), ...monthCells(month)])),
    footer,
  };
}

function inventoryTable(answer: InventoryValueReport): ReportTable {
  const cells = (f: InventoryValueReport['total']) => [
    count(f.products),
    f.withoutCost === 0 ? blank() : count(f.withoutCost),
    money(f.costCents),
    money(f.retailCents),
    f.quantityWithoutCostMilli === 0 ? blank() : money(f.retailWithoutCostCents),
  ];
  return {
    caption: 'Inventory value by category',
    columns: [
      { label: 'Category', numeric: false },
      ...['Products in stock', 'Without a cost', 'At cost', 'At retail', 'At retail, cost not known'].map((label) => ({
        label,
        numeric: true,
      })),
    ],
    rows: answer.rows.map((item) => row(item.category, [text(item.categoryName), ...cells(item)])),
    footer: [row('total', [text('Total'), ...cells(answer.total)])],
  };
}

/** One store's answer of `kind` as a table. */
export function storeTable(kind: ReportKind, answer: StoreReportOf): ReportTable {
  // The kind names the report the answer is of (the store asked for that report).
  switch (kind.report) {
    case 'summary':
      return summaryTable(answer as SummaryReport);
    case 'sales':
      return salesTable(answer as SalesReport, kind);
    case 'tax':
      return taxTable(answer as TaxReport);
    case 'inventory-value':
      return inventoryTable(answer as InventoryValueReport);
  }
}

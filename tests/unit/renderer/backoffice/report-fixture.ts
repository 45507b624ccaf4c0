import type {
  SalesFigures,
  SalesReport,
  SalesRow,
  SummaryFigures,
  SummaryReport,
  TaxReport,
} from '../../../../shared/contracts/reports.js';

/** A group's sales figures: net from gross less discounts and returns, the rest zero unless given. */
export function figures(over: Partial<SalesFigures> = {}): SalesFigures {
  const base = {
    quantityMilli: 0,
    weighedMilli: 0,
    sales: 0,
    grossCents: 0,
    discountCents: 0,
    returnsCents: 0,
    taxCents: 0,
    costCents: 0,
    marginCents: 0,
    netWithoutCostCents: 0,
    ...over,
  };
  return { ...base, netCents: over.netCents ?? base.grossCents - base.discountCents - base.returnsCents };
}

export const row = (key: string, label: string, over: Partial<SalesFigures> = {}): SalesRow => ({
  key,
  label,
  ...figures(over),
});

const read = {
  resultCode: 'SUCCESS' as const,
  resultReason: null,
  asOf: '2026-11-30T23:42:00.000Z',
  readFrom: 'replica' as const,
  fallback: null,
};

/** Demo's sales by category in November, with October's when `previous` rows are given. */
export function salesReport(rows: SalesRow[], previous: SalesRow[] | null = null): SalesReport {
  const sum = (list: SalesRow[]) =>
    figures({
      sales: list.reduce((a, r) => a + r.sales, 0),
      grossCents: list.reduce((a, r) => a + r.grossCents, 0),
      discountCents: list.reduce((a, r) => a + r.discountCents, 0),
      returnsCents: list.reduce((a, r) => a + r.returnsCents, 0),
      taxCents: list.reduce((a, r) => a + r.taxCents, 0),
      quantityMilli: list.reduce((a, r) => a + r.quantityMilli, 0),
      weighedMilli: list.reduce((a, r) => a + r.weighedMilli, 0),
      costCents: list.reduce((a, r) => a + r.costCents, 0),
      marginCents: list.reduce((a, r) => a + r.marginCents, 0),
      netWithoutCostCents: list.reduce((a, r) => a + r.netWithoutCostCents, 0),
    });
  return {
    ...read,
    by: 'category',
    dispensaryShortName: 'demo',
    dispensaryName: 'Demo Dispensary',
    timeZone: 'America/Los_Angeles',
    from: '2026-11-01',
    to: '2026-11-30',
    rows,
    total: sum(rows),
    previous: previous && { from: '2026-10-02', to: '2026-10-31', rows: previous, total: sum(previous) },
  };
}

/** Tax of two layers over October and November, some handed back by November's refunds. */
export function taxReport(): TaxReport {
  return {
    ...read,
    dispensaryShortName: 'demo',
    dispensaryName: 'Demo Dispensary',
    timeZone: 'America/Los_Angeles',
    from: '2026-10-15',
    to: '2026-11-30',
    rows: [
      { month: '2026-10', layer: 'State excise', taxCents: 1500, refundedCents: 0, owedCents: 1500 },
      { month: '2026-10', layer: 'City sales', taxCents: 300, refundedCents: 0, owedCents: 300 },
      { month: '2026-11', layer: 'State excise', taxCents: 4500, refundedCents: 450, owedCents: 4050 },
      { month: '2026-11', layer: 'City sales', taxCents: 900, refundedCents: 90, owedCents: 810 },
    ],
    total: {
      layers: [
        { name: 'State excise', amountCents: 6000 },
        { name: 'City sales', amountCents: 1200 },
      ],
      refundedLayers: [
        { name: 'State excise', amountCents: 450 },
        { name: 'City sales', amountCents: 90 },
      ],
      taxCents: 7200,
      refundedCents: 540,
      owedCents: 6660,
      taxableCents: 40_000,
    },
    previous: null,
  };
}

/** A summary of November with no sales but the figures given. */
export function summaryReport(over: Partial<SummaryFigures> = {}): SummaryReport {
  const total: SummaryFigures = {
    sales: 0,
    grossCents: 0,
    discountCents: 0,
    dealDiscounts: [],
    manualDiscountCents: 0,
    returnsCents: 0,
    netCents: 0,
    taxes: [],
    taxCents: 0,
    returnsTaxCents: 0,
    deliveryCents: 0,
    rewardCents: 0,
    rewardBackCents: 0,
    tenders: [],
    refundedTipCents: 0,
    paidTowardOpenCents: 0,
    paidEarlierCents: 0,
    cashBackCents: 0,
    tipCents: 0,
    averageSaleCents: 0,
    ...over,
  };
  return {
    ...read,
    dispensaryShortName: 'demo',
    dispensaryName: 'Demo Dispensary',
    timeZone: 'America/Los_Angeles',
    from: '2026-11-01',
    to: '2026-11-30',
    rows: [],
    total,
    previous: null,
  };
}

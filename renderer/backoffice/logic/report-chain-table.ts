import type {
  ChainInventoryValueReport,
  ChainSalesReport,
  ChainSummaryReport,
  ChainTaxReport,
  SalesFigures,
} from '../../../shared/contracts/reports';
import { change, money, text, type Cell, type ReportTable } from './report-cells';
import { headlineFigures, type AnyFigures } from './report-figures';
import type { ReportKind } from './report-kinds';

/** Any organization-wide answer: every store side by side, and their total. */
export type ChainReportOf = ChainSummaryReport | ChainSalesReport | ChainTaxReport | ChainInventoryValueReport;

const ALL = 'All stores';

/**
 * What the change from the previous period is worked out from (compare=previous): the total of the
 * stores that have a previous figure, the same stores as `previousTotal` (README "Reports"), so that a
 * store whose records start on the day (`previousLeftOut`) counts as no growth. The total without one.
 */
export function comparedTotal<A extends ChainReportOf>(answer: A): A['total'] {
  return answer.comparableTotal ?? answer.total;
}

const inOrder = (kind: ReportKind) => kind.by === 'hour' || kind.by === 'weekday';

/** Sales by a grouping across stores: a group per row, each store's net sales, and the chain's. */
function chainSalesTable(kind: ReportKind, answer: ChainSalesReport): ReportTable {
  const groups = new Map<string, string>();
  for (const store of answer.stores)
    for (const item of store.rows) if (!groups.has(item.key)) groups.set(item.key, item.label);
  const netOf = (rows: readonly (SalesFigures & { key: string })[], key: string) =>
    rows.find((item) => item.key === key)?.netCents ?? 0;
  const rows = [...groups].map(([key, label]) => {
    const nets = answer.stores.map((store) => netOf(store.rows, key));
    return { key, cells: [text(label), ...nets.map(money), money(nets.reduce((a, b) => a + b, 0))] };
  });
  // Hours and weekdays read in their order, as one store's do (each store's hours are its own clock's).
  if (inOrder(kind)) rows.sort((a, b) => Number(a.key) - Number(b.key));
  else rows.sort((a, b) => Number(b.cells.at(-1)!.csv) - Number(a.cells.at(-1)!.csv));
  const footer = [
    {
      key: 'total',
      cells: [text('Total'), ...answer.stores.map((s) => money(s.total.netCents)), money(answer.total.netCents)],
    },
  ];
  const before = answer.previousTotal;
  const compared = comparedTotal(answer);
  if (before) {
    const then = answer.stores.map((store) => store.previous?.total.netCents ?? 0);
    footer.push(
      { key: 'previous', cells: [text('Previous period'), ...then.map(money), money(before.netCents)] },
      {
        key: 'change',
        cells: [
          text('Change'),
          ...answer.stores.map((store, index) => change(store.total.netCents, then[index]!)),
          change(compared.netCents, before.netCents),
        ],
      },
    );
  }
  return {
    caption: `${kind.label}: net sales of every store`,
    columns: [
      { label: kind.groupLabel, numeric: false },
      ...answer.stores.map((store) => ({ label: store.dispensaryName, numeric: true })),
      { label: ALL, numeric: true },
    ],
    rows,
    footer,
  };
}

/** Any other report across stores: its headline figures per row, each store's and the chain's. */
function chainFiguresTable(kind: ReportKind, answer: ChainReportOf): ReportTable {
  const stores = answer.stores as readonly { dispensaryName: string; total: AnyFigures }[];
  const before = answer.previousTotal as AnyFigures | null;
  const compared = comparedTotal(answer) as AnyFigures;
  const rows = headlineFigures(kind).map((figure) => {
    const cells: Cell[] = [
      text(figure.label),
      ...stores.map((store) => figure.cell(figure.value(store.total))),
      figure.cell(figure.value(answer.total)),
    ];
    if (before) {
      const then = figure.value(before);
      cells.push(figure.cell(then), change(figure.value(compared), then, figure.cell(then).text, figure.sense));
    }
    return { key: figure.label, cells };
  });
  return {
    caption: `${kind.label}: every store`,
    columns: [
      { label: 'Figure', numeric: false },
      ...stores.map((store) => ({ label: store.dispensaryName, numeric: true })),
      { label: ALL, numeric: true },
      ...(before
        ? [
            { label: `${ALL}, previous period`, numeric: true },
            { label: 'Change', numeric: true },
          ]
        : []),
    ],
    rows,
    footer: [],
  };
}

/** An organization-wide answer of `kind` as a table. */
export function chainTable(kind: ReportKind, answer: ChainReportOf): ReportTable {
  // The kind names the report the answer is of (the store asked for that report).
  if (kind.report === 'sales') return chainSalesTable(kind, answer as ChainSalesReport);
  return chainFiguresTable(kind, answer);
}

import type { StoreReportOf } from '../../../shared/contracts/reports';
import type { ChainReportOf } from '../logic/report-chain-table';
import type { ReportKind } from '../logic/report-kinds';
import type { DayRange } from '../logic/report-range';
import { useSessionStore } from './session';

/** What the Reports screen asks for: a report of one store (its short name), or of every store ("all"). */
export interface ReportRequest {
  kind: ReportKind;
  range: DayRange;
  compare: boolean;
  store: string;
}

/** Every store of the organization side by side (`GET /v2.0/reports/<report>`). */
export const ALL_STORES = 'all';

/** An answer as the screen keeps it: what was asked, and the store's or the chain's report. */
export type ReportAnswer =
  | { request: ReportRequest; chain: false; body: StoreReportOf }
  | { request: ReportRequest; chain: true; body: ChainReportOf };

/** The report route and query of a request (README "Reports"). */
export function reportPath(request: ReportRequest): string {
  const { kind, range } = request;
  const query = new URLSearchParams({ from: kind.report === 'inventory-value' ? range.to : range.from, to: range.to });
  if (kind.by) query.set('by', kind.by);
  if (kind.sort) query.set('sort', kind.sort);
  if (kind.limit) query.set('limit', String(kind.limit));
  if (request.compare && kind.report !== 'inventory-value') query.set('compare', 'previous');
  const base =
    request.store === ALL_STORES ? '/v2.0/reports' : `/v2.0/dispensary/${encodeURIComponent(request.store)}/reports`;
  return `${base}/${kind.report}?${query.toString()}`;
}

/** Reads a report through the signed-in manager's session. */
export async function fetchReport(request: ReportRequest): Promise<ReportAnswer> {
  const { api } = useSessionStore();
  if (request.store === ALL_STORES) {
    return { request, chain: true, body: await api.get<ChainReportOf>(reportPath(request)) };
  }
  return { request, chain: false, body: await api.get<StoreReportOf>(reportPath(request)) };
}

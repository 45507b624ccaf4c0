import { nextDay, previousDay, startOfZonedDay } from '../../shared/zoned-day.js';
import type { DataLayer } from '../../electron/server/db/data-layer.js';

/** A report over HTTP: its label, path and the target for its p99. */
export interface ReportRead {
  label: string;
  path: string;
  targetP99: number;
}

/** One read's timings (ms) and the answer of its first (warm-up) run, for the checks. */
export interface Timed {
  label: string;
  p50: number;
  p99: number;
  runs: number;
  targetP99: number;
  answer: ReportAnswer;
}

/** What the checks read of an answer (store or chain: a chain's total and its stores). */
export interface ReportAnswer {
  readFrom: string;
  total: { sales: number; netCents: number; returnsCents: number; tenders?: { method: string }[] };
  rows?: { label: string; netCents: number }[];
  stores?: { rows: { label: string; netCents: number }[] }[];
}

/** The calendar months before `today`'s: `count` of them, as a report's from…to. */
export function monthsBefore(today: string, count: number): { from: string; to: string } {
  let [year, month] = today.split('-').map(Number) as [number, number];
  month -= count;
  while (month < 1) [year, month] = [year - 1, month + 12];
  return { from: `${year}-${String(month).padStart(2, '0')}-01`, to: previousDay(`${today.slice(0, 7)}-01`) };
}

/** The day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  for (let i = 0; i < days; i += 1) day = previousDay(day);
  return day;
}

const rank = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;

/** `runs` sequential GETs of `read.path` after one warm-up: p50 and p99 (nearest rank) of the whole answers. */
export async function timeRead(
  url: string,
  headers: Record<string, string>,
  read: ReportRead,
  runs: number,
): Promise<Timed> {
  const first = await fetch(`${url}${read.path}`, { headers });
  if (!first.ok) throw new Error(`${read.label}: ${first.status} ${await first.text()}`);
  const answer = (await first.json()) as ReportAnswer;
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${url}${read.path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${read.label}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { label: read.label, p50: rank(times, 0.5), p99: rank(times, 0.99), runs, targetP99: read.targetP99, answer };
}

/** The sales a store closed over store days from…to, counted in the database: what the reports must count. */
export async function closedSales(
  db: DataLayer,
  stores: { id: string; timezone: string }[],
  range: { from: string; to: string },
): Promise<number> {
  let count = 0;
  for (const store of stores) {
    const row = await db.first(
      db.builder
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('sales'))
        .where('dispensary_id', '=', store.id)
        .where('closes_sale', '=', 1)
        .where('status', 'in', ['approved', 'refunded'])
        .where('completed_at', '>=', startOfZonedDay(range.from, store.timezone).toISOString())
        .where('completed_at', '<', startOfZonedDay(nextDay(range.to), store.timezone).toISOString()),
    );
    count += Number(row!.sales);
  }
  return count;
}

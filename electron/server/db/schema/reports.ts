/**
 * A closed store day's summary figures added up once (migration 52; reports/day-totals.ts), so a
 * report of months reads a row a day instead of every sale. Deleted by triggers whenever a payment,
 * an order or a line of a sale of that day changes; added up again by the day-totals job.
 */
export interface ReportDayTotalsTable {
  dispensary_id: string;
  /** The store day, YYYY-MM-DD in `time_zone`. */
  day: string;
  /** The store's time zone when added up: rows of another zone are not read. */
  time_zone: string;
  /** The day's first instant and the next day's (ISO, UTC). */
  starts_at: string;
  ends_at: string;
  /** JSON: the summary's totals (reports/summary-figures.ts `PeriodTotals`). */
  totals: string;
  /** JSON: the day's sales by each SQL-summed grouping (reports/group-day-sums.ts `GroupSums`). */
  by_category: string;
  by_brand: string;
  by_budtender: string;
  by_register: string;
  by_customer_type: string;
  added_at: string;
}

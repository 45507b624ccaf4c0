import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SalesReport, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { nextDay, startOfZonedDay, zonedDate } from '../../../shared/zoned-day.js';
import { get, moveClock, refund, sell, DST_WINDOWS, serviceOnClock, STORE_ZONE } from './support/report-sales.js';

// Each run sells over the three store days around one of Sacramento's clock changes (23- or 25-hour days).
const on = serviceOnClock('2026-10-31T17:00:00.000Z');
const clock = on.clock;
const ZONE = STORE_ZONE;
const WINDOWS = DST_WINDOWS;
let run = 0;

const saleArbitrary = fc.record({
  day: fc.nat(2),
  minute: fc.integer({ min: 0, max: 23 * 60 - 1 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  index: fc.nat(4),
  method: fc.constantFrom('Cash', 'ATM'),
  voided: fc.boolean(),
  // A refund some minutes later (it may land on the next store day): none, part, or all of it.
  refund: fc.option(
    fc.record({ after: fc.integer({ min: 1, max: 2000 }), part: fc.option(fc.integer({ min: 1, max: 99 })) }),
  ),
});

const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);
const report = async <T>(path: string) => {
  const answer = await get<T>(on.service, path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('reports reconcile with the payments they are made from', () => {
  it(
    'a range = its days = the payments of each day, and every grouping = the summary',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(saleArbitrary, { minLength: 1, maxLength: 4 }), async (sales) => {
          const first = WINDOWS[run++ % WINDOWS.length]!;
          const days = [first, nextDay(first), nextDay(nextDay(first))];
          const refundsByDay = new Map<string, number>();
          // Tax each refund hands back: all of a whole refund's sale's, else its share within a cent.
          const refundedTax: { tax: number; exact: boolean }[] = [];
          const at = (day: number, minute: number) =>
            new Date(startOfZonedDay(days[day]!, ZONE).getTime() + minute * 60_000).toISOString();
          for (const planned of [...sales].sort((a, b) => a.day - b.day || a.minute - b.minute)) {
            const soldAt = at(planned.day, planned.minute);
            const sold = await sell(on.service, clock, soldAt, planned);
            if (planned.voided) {
              const voided = await on.service.request({
                method: 'POST',
                url: `/v2.0/payments/${sold.payment.id}/void`,
                headers: { authorization: `Bearer ${on.service.tokens.manager}` },
              });
              expect(voided.statusCode, voided.body).toBe(200);
            } else if (planned.refund) {
              const when = new Date(Date.parse(soldAt) + planned.refund.after * 60_000);
              const amount =
                planned.refund.part === null
                  ? sold.total
                  : Math.max(1, Math.floor((sold.total * planned.refund.part) / 100));
              await refund(on.service, clock, when.toISOString(), sold.payment.id, amount);
              const day = zonedDate(when, ZONE);
              refundsByDay.set(day, (refundsByDay.get(day) ?? 0) + amount);
              if (day <= days[2]!)
                refundedTax.push({ tax: (amount * sold.tax) / sold.total, exact: amount === sold.total });
            }
          }
          await moveClock(
            on.service,
            clock,
            new Date(startOfZonedDay(days[2]!, ZONE).getTime() + 3 * 86_400_000).toISOString(),
          );
          const range = `from=${days[0]}&to=${days[2]}`;
          const whole = await report<SummaryReport>(`/v2.0/dispensary/demo/reports/summary?${range}`);
          for (const [index, day] of days.entries()) {
            const alone = await report<SummaryReport>(`/v2.0/dispensary/demo/reports/summary?from=${day}&to=${day}`);
            expect({ day, ...alone.total }).toEqual(whole.rows[index]);
            const payments = await report<{ totals: { count: number; amount: number; tip: number; cashback: number } }>(
              `/v2.0/payments/summary?dispensaryShortName=demo&date=${day}`,
            );
            const row = alone.total;
            expect(sum(row.tenders, (t) => t.amountCents)).toBe(payments.totals.amount);
            expect(sum(row.tenders, (t) => t.count)).toBe(payments.totals.count);
            expect(row.cashBackCents).toBe(payments.totals.cashback);
            expect(row.grossCents - row.discountCents + row.taxCents + row.deliveryCents - row.rewardCents).toBe(
              payments.totals.amount,
            );
            expect(row.taxCents).toBe(sum(row.taxes, (layer) => layer.amountCents));
            // Refunds land on the day they were handed out (this run's; an earlier run's days are others):
            // each a return before its tax, and the tax it handed back (the day's tax report's).
            const dayTax = await report<TaxReport>(`/v2.0/dispensary/demo/reports/tax?from=${day}&to=${day}`);
            expect(row.returnsCents + dayTax.total.refundedCents).toBe(refundsByDay.get(day) ?? 0);
            // And with them: net sales, the tax kept and what was paid add up to the tenders less their refunds.
            expect(row.netCents + row.taxCents - dayTax.total.refundedCents + row.deliveryCents - row.rewardCents).toBe(
              sum(row.tenders, (t) => t.amountCents - t.refundedCents),
            );
          }
          for (const key of ['sales', 'grossCents', 'discountCents', 'returnsCents', 'netCents', 'taxCents'] as const) {
            expect(whole.total[key], key).toBe(sum(whole.rows, (row) => row[key]));
          }
          for (const by of ['category', 'product', 'hour', 'register']) {
            const groups = await report<SalesReport>(`/v2.0/dispensary/demo/reports/sales?${range}&by=${by}`);
            expect(
              sum(groups.rows, (g) => g.grossCents),
              by,
            ).toBe(whole.total.grossCents);
            expect(
              sum(groups.rows, (g) => g.discountCents),
              by,
            ).toBe(whole.total.discountCents);
            expect(
              sum(groups.rows, (g) => g.returnsCents),
              by,
            ).toBe(whole.total.returnsCents);
            expect(
              sum(groups.rows, (g) => g.taxCents),
              by,
            ).toBe(whole.total.taxCents);
            expect(
              sum(groups.rows, (g) => g.netCents),
              by,
            ).toBe(whole.total.netCents);
          }
          const tax = await report<TaxReport>(`/v2.0/dispensary/demo/reports/tax?${range}`);
          expect(sum(tax.rows, (row) => row.taxCents)).toBe(whole.total.taxCents);
          expect(tax.total.layers).toEqual(whole.total.taxes.map((layer) => layer));
          expect(sum(tax.rows, (row) => row.refundedCents)).toBe(tax.total.refundedCents);
          expect(sum(tax.total.refundedLayers, (layer) => layer.amountCents)).toBe(tax.total.refundedCents);
          for (const row of [...tax.rows, tax.total]) expect(row.owedCents).toBe(row.taxCents - row.refundedCents);
          const expected = sum(refundedTax, (r) => r.tax);
          const slack = refundedTax.filter((r) => !r.exact).length;
          expect(Math.abs(tax.total.refundedCents - expected)).toBeLessThanOrEqual(slack);
        }),
        { numRuns: WINDOWS.length, seed: 20261130, endOnFailure: true },
      );
    },
  );
});

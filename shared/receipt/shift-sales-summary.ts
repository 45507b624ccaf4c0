import type { ShiftSales, ShiftSummary } from '../contracts/cash.js';
import { formatMoney } from '../money.js';

/** One line of a shift's "Sales" section: a figure signed as it adds up (taken off: negative). */
export interface SummaryLine {
  label: string;
  amount: number;
  /** A subtotal or the total (net sales, total taken). */
  strong?: boolean;
  /** A part of the line above it (a deal, discounts by hand), indented. */
  part?: boolean;
}

/**
 * A shift's sales from gross to what was taken, line by line as they add up (README "Cash drawers"):
 * gross − discounts (by deal, by hand, the rest) − returns (before tax, reward dollars given back
 * included) = net sales; + tax, − the tax refunded, + delivery, − paid with reward dollars, + reward
 * dollars given back, + paid toward open orders or with no order, − paid before the shift, − tips
 * refunded = total taken.
 * A figure that is zero and not part of the sum's spine is left out. The screen, the printed report
 * and the CSV say the same lines.
 */
export function salesSummaryLines(sales: Pick<ShiftSales, 'dealDiscounts'>, summary: ShiftSummary): SummaryLine[] {
  const when = (amount: number, line: SummaryLine): SummaryLine[] => (amount !== 0 ? [line] : []);
  return [
    { label: 'Gross sales', amount: summary.gross },
    { label: 'Discounts', amount: -summary.discounts },
    ...(sales.dealDiscounts ?? []).map((deal) => ({ label: deal.name, amount: -deal.amount, part: true })),
    ...when(summary.manualDiscounts, { label: 'By hand', amount: -summary.manualDiscounts, part: true }),
    ...when(summary.otherDiscounts, {
      label: 'Promotions and other',
      amount: -summary.otherDiscounts,
      part: true,
    }),
    { label: 'Refunds and returns', amount: -summary.returns },
    { label: 'Net sales', amount: summary.net, strong: true },
    { label: 'Tax', amount: summary.tax },
    ...when(summary.taxRefunded, { label: 'Tax refunded', amount: -summary.taxRefunded }),
    ...when(summary.delivery, { label: 'Delivery', amount: summary.delivery }),
    ...when(summary.rewardDollars, { label: 'Paid with reward dollars', amount: -summary.rewardDollars }),
    ...when(summary.rewardDollarsBack, { label: 'Reward dollars given back', amount: summary.rewardDollarsBack }),
    ...when(summary.paidTowardOpen, { label: 'Paid toward open orders', amount: summary.paidTowardOpen }),
    ...when(summary.paidWithoutOrder, { label: 'Paid with no order', amount: summary.paidWithoutOrder }),
    ...when(summary.paidEarlier, { label: 'Paid before this shift', amount: -summary.paidEarlier }),
    ...when(summary.tipsRefunded, { label: 'Tips refunded', amount: -summary.tipsRefunded }),
    { label: 'Total taken', amount: summary.taken, strong: true },
  ];
}

/**
 * Why the shift's payments are not its sales, in words: what was paid toward orders it did not
 * complete or with no order, and what its sales had been paid before it. None when every payment
 * paid a sale of the shift.
 */
export function paidApartSentences(summary: ShiftSummary, money: (cents: number) => string = formatMoney): string[] {
  const words: string[] = [];
  if (summary.paidTowardOpen !== 0) {
    words.push(
      `${money(summary.paidTowardOpen)} was paid toward orders this shift did not complete (a deposit or part ` +
        `of an order): it is in the payments, and in the sales of the shift that completes each order.`,
    );
  }
  if (summary.paidWithoutOrder !== 0) {
    words.push(`${money(summary.paidWithoutOrder)} was paid with no order: in the payments, in no sale.`);
  }
  if (summary.paidEarlier !== 0) {
    words.push(
      `${money(summary.paidEarlier)} of the shift's sales had been paid before it: in its sales, and in the ` +
        `payments of the shift (or day) it was paid in.`,
    );
  }
  return words;
}

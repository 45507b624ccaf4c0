import type { SummaryFigures } from '../contracts/reports.js';
import { formatMoney } from '../money.js';

/**
 * Why a summary's payments are not what its sales came to (README "Reports"), in words: what was paid
 * toward orders not completed the day it was paid, and what its sales had been paid on earlier days.
 * None when every payment paid a sale of its own day. The Reports screen and the CLI say the same.
 */
export function paidApartWords(
  figures: Pick<SummaryFigures, 'paidTowardOpenCents' | 'paidEarlierCents'>,
  money: (cents: number) => string = formatMoney,
): string[] {
  const words: string[] = [];
  if (figures.paidTowardOpenCents !== 0) {
    words.push(
      `${money(figures.paidTowardOpenCents)} was paid toward orders not completed the day it was paid ` +
        `("Paid toward open orders"): it is in the payments, and in the sales on the day each order is completed.`,
    );
  }
  if (figures.paidEarlierCents !== 0) {
    words.push(
      `${money(figures.paidEarlierCents)} of the sales had been paid on earlier days ("Paid on earlier days"): ` +
        `it is in the sales, and in the payments of the days it was paid.`,
    );
  }
  return words;
}

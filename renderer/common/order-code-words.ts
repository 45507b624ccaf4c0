import type { OrderCode } from '../../shared/contracts/order-history';
import { listed } from '../../shared/list-words';
import { formatMoney } from './format';

/**
 * One promo code typed on an order, as the back office's order detail and the POS's hand-over review
 * say it: what it took off, in words.
 */
export interface CodeLine {
  code: string;
  words: string;
  /** Whether it took something off (its words are then plain, else muted). */
  applied: boolean;
}

/** What a code took off ("$4.00 off (Spring 20 %)"), that it took nothing, or why it cannot be told now. */
export function codeWords(told: OrderCode): string {
  switch (told.outcome) {
    case 'applied':
      return `${formatMoney(told.amount)} off (${told.deals.join(', ')})`;
    case 'not_applied':
      return 'did not apply';
    case 'unknown':
      return `not known: ${listed(told.deals, 'or')} may have been its deal (archived or changed since this sale)`;
  }
}

/**
 * Each code typed on the order (its ticket's, in the order typed) with what it took off, as the
 * order's history tells it (`told`: undefined while it is read; `failed`: it could not be read):
 * a code is never shown bare, as if it had given a discount.
 */
export function codeLines(
  typed: readonly string[],
  told: readonly OrderCode[] | undefined,
  failed: boolean,
): CodeLine[] {
  return typed.map((code) => {
    const answer = told?.find((entry) => entry.code === code);
    if (answer) return { code, words: codeWords(answer), applied: answer.outcome === 'applied' };
    const words = told || failed ? 'whether it applied could not be read' : 'reading whether it applied…';
    return { code, words, applied: false };
  });
}

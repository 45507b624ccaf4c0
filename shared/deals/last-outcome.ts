/**
 * One sale priced again with the same inputs: a ticket tried at once, then in its write
 * transaction (a $0.00 sale, paid as it is made, is written there: tickets/ticket-at-once.ts), or a
 * one-statement write tried again after another sale took its units first. The engine is pure (the
 * same book, lines and context give the same outcome: engine.ts), so the last outcome is given again
 * instead of pricing the cart twice. Nothing after the engine writes into an outcome, so one outcome
 * may serve both tries. Kept for one sale only (one `LastOutcome` per ticket being made).
 */
import type { DealBook, DealContext, DealLine, DealOutcome } from './engine.js';
import { sameContext, sameList } from './same-context.js';

function sameLine(a: DealLine, b: DealLine): boolean {
  return (
    a.key === b.key &&
    a.productId === b.productId &&
    a.brand === b.brand &&
    a.category === b.category &&
    sameList(a.tags, b.tags) &&
    a.unitPriceCents === b.unitPriceCents &&
    a.quantityMilli === b.quantityMilli &&
    a.weighed === b.weighed &&
    a.amountCents === b.amountCents &&
    a.floorCents === b.floorCents
  );
}

/** True when the lines are the same, in the same order (the outcome's lines follow the input's). */
export const sameLines = (a: readonly DealLine[], b: readonly DealLine[]) =>
  a.length === b.length && a.every((line, at) => sameLine(line, b[at]!));

interface Priced {
  book: DealBook;
  lines: readonly DealLine[];
  context: DealContext;
  outcome: DealOutcome;
}

/** The last cart a sale priced, answered again when it is asked again unchanged. */
export class LastOutcome {
  private last: Priced | null = null;

  /** `book` as this sale prices with it: its last outcome kept, and given again for the same inputs. */
  of(book: DealBook): DealBook {
    return {
      apply: (lines, context) => {
        const last = this.last;
        if (last?.book === book && sameLines(last.lines, lines) && sameContext(last.context, context)) {
          return last.outcome;
        }
        const outcome = book.apply(lines, context);
        this.last = { book, lines, context, outcome };
        return outcome;
      },
    };
  }
}

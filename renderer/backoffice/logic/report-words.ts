import { storeDateTime, storeTime, zoneName } from '../../../shared/store-time';
import { zonedDate } from '../../../shared/zoned-day';
import { asSentence } from '../../common/refusal';
import { rangeWords, type DayRange } from './report-range';

/** Which way a figure moved against the previous period (the words say it too, colour is not the only cue). */
export type ChangeTone = 'up' | 'down' | 'same' | 'new';

export interface Change {
  /** "+12 %", "−8 %", "No change", "New" (nothing the period before). */
  words: string;
  /** For screen readers and the title: "up 12 % from $1,000.00". */
  spoken: string;
  tone: ChangeTone;
}

const MINUS = '\u2212';

/**
 * `current` against `previous` as a whole percentage of the previous (half away from zero).
 * A figure that had nothing before is "New"; nothing both times is "No change".
 */
export function changeOf(current: number, previous: number, previousWords = ''): Change {
  const from = previousWords ? ` from ${previousWords}` : '';
  if (previous === 0) {
    return current === 0
      ? { words: 'No change', spoken: `no change${from}`, tone: 'same' }
      : { words: 'New', spoken: 'new: nothing the period before', tone: 'new' };
  }
  const ratio = ((current - previous) / Math.abs(previous)) * 100;
  const percent = Math.sign(ratio) * Math.round(Math.abs(ratio));
  if (percent === 0) return { words: '0 %', spoken: `about the same${from}`, tone: 'same' };
  const size = Math.abs(percent).toLocaleString('en-US');
  return percent > 0
    ? { words: `+${size} %`, spoken: `up ${size} %${from}`, tone: 'up' }
    : { words: `${MINUS}${size} %`, spoken: `down ${size} %${from}`, tone: 'down' };
}

/**
 * A product's quantity in its unit: "12.5 g" for a product sold by weight, "3" for counted ones.
 * The report does not say which a product is (see README "Reports"): a quantity in whole units reads
 * as a count, any fraction as grams.
 */
export function quantityWords(milli: number): string {
  if (milli % 1000 === 0) return (milli / 1000).toLocaleString('en-US');
  return `${(milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} g`;
}

/** "No sales from Nov 1 to Nov 30", "No sales on Nov 30". */
export function emptyWords(what: string, range: DayRange): string {
  return range.from === range.to ? `No ${what} on ${rangeWords(range)}.` : `No ${what} from ${rangeWords(range)}.`;
}

/**
 * Where the answer was read, in the store's time with its zone named, as the other screens say a
 * moment: "As of 3:42 PM PST (from the read replica)", "As of Yesterday, 9:05 AM PST".
 */
export function asOfWords(
  answer: { asOf: string; readFrom: 'primary' | 'replica'; fallback: string | null },
  timeZone: string,
  now: Date = new Date(),
): string {
  const today = zonedDate(now, timeZone) === zonedDate(new Date(answer.asOf), timeZone);
  const when = today
    ? `${storeTime(answer.asOf, timeZone)}\u00a0${zoneName(timeZone, answer.asOf)}`
    : storeDateTime(answer.asOf, timeZone, now);
  if (answer.fallback) return `As of ${when} (from the main database): ${asSentence(answer.fallback)}`;
  return answer.readFrom === 'replica' ? `As of ${when} (from the read replica)` : `As of ${when}`;
}

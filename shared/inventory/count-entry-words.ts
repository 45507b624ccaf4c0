import type { CountLine } from '../contracts/inventory-counts.js';
import { quantityText } from '../quantity.js';

type Measured = Pick<CountLine, 'deli' | 'unitType'>;

/** "38", "1,200", "453.125 g": a quantity of a count's line, the unit named when it is weighed. */
export function countQuantityWords(value: number, line: Measured): string {
  return line.deli ? `${quantityText(value)} ${line.unitType}` : quantityText(value);
}

/**
 * "Counted 38 of Blue Dream: 40 expected, 2 short.": what one entry found against the stock held
 * when it was counted, in the back office's and the command line's words alike (`packageLabel`
 * adds the tag after the product's name where the command line shows it). A count with no
 * difference says so once: "Counted 22 of Blue Dream, as expected."
 */
export function countEntryWords(
  line: Pick<CountLine, 'deli' | 'unitType' | 'productName' | 'counted' | 'expected' | 'difference'>,
  packageLabel = '',
): string {
  const difference = line.difference ?? 0;
  const tag = packageLabel === '' ? '' : ` (package ${packageLabel})`;
  const counted = `Counted ${countQuantityWords(line.counted ?? 0, line)} of ${line.productName}${tag}`;
  if (difference === 0) return `${counted}, as expected.`;
  const result = `${countQuantityWords(Math.abs(difference), line)} ${difference < 0 ? 'short' : 'over'}`;
  return `${counted}: ${countQuantityWords(line.expected ?? 0, line)} expected, ${result}.`;
}
